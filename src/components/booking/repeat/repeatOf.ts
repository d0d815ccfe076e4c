import { planOf, type BookingContext } from '../../../../machines/booking/booking.machine'
import { repeatOutcome, type RepeatOutcome } from '../../../domain/series/repeat'

/**
 * What the wizard's repeat comes to, worked out as the machine's plan does (its `planRepeat`): the summary shows
 * the dates, the fit and what stops the save at once, as the user changes the choice.
 */
export function repeatOf(context: BookingContext): RepeatOutcome | null {
  const plan = planOf(context)
  return plan && repeatOutcome(plan.choice, plan.facts)
}
