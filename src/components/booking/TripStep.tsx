import type { StepProps } from './stepProps'

// Placeholder so this branch compiles: the other booking helper's TripStep (steps 4 and 7) replaces it.
export function TripStep(_props: StepProps) {
  return null
}
