import type { StepProps } from './stepProps'

// Placeholder so this branch compiles: the other booking helper's AdditionalInfoStep (steps 5 and 8) replaces it.
export function AdditionalInfoStep(_props: StepProps) {
  return null
}
