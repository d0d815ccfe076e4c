import { useState } from 'react'
import type { BookingStep } from '../../../domain/booking/steps'

/**
 * Whether the wizard resumed a draft: its first step was past the date, and the user has not gone back to the
 * start since (nor started over).
 */
export function useResumed(step: BookingStep | null): boolean {
  const [resumed, setResumed] = useState<boolean | null>(null)
  // Adjusted while rendering (React's way to derive state from a changed prop), so the note never flashes.
  if (step !== null && resumed === null) setResumed(step > 2)
  else if (step !== null && resumed && step <= 2) setResumed(false)
  return resumed === true
}
