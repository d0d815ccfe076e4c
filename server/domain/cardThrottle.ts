import { Temporal } from 'temporal-polyfill'

/**
 * Registering a travel card is guessing its number for a known holder's name, or the name for a known number.
 * Failed registrations are counted per card number and per holder name, across client addresses and instances:
 * after `failures` within `windowHours` of a counter's first, that card or name answers 429 until the window
 * passes. An attempt is reserved (counted) before the card is looked up, so that concurrent guesses cannot all
 * pass the check, and a success forgives its own reservation only, never another name's failures.
 */
export interface CardThrottlePolicy {
  /** TRAVEL_CARD_FAILURE_LIMIT, 5 by default. */
  failures: number
  /** TRAVEL_CARD_FAILURE_WINDOW_HOURS, 24 by default. */
  windowHours: number
}

/** One counter: the failures since `countedSince`, when the window began. */
export interface CardCounter {
  failures: number
  countedSince: Temporal.Instant
}

export type CardReservation =
  { allowed: true; card: CardCounter; name: CardCounter } | { allowed: false; retryAfterSeconds: number }

/** When a counter's window ends. */
const windowEnd = (counter: CardCounter, policy: CardThrottlePolicy) =>
  counter.countedSince.add({ hours: policy.windowHours })

/** The counter as it counts at `now`: one whose window has passed starts over. */
function current(counter: CardCounter | undefined, now: Temporal.Instant, policy: CardThrottlePolicy) {
  if (!counter || Temporal.Instant.compare(now, windowEnd(counter, policy)) >= 0) {
    return { failures: 0, countedSince: now }
  }
  return counter
}

/** Decides on one registration with both counters as stored; a refused one counts nothing. */
export function reserveRegistration(
  card: CardCounter | undefined,
  name: CardCounter | undefined,
  now: Temporal.Instant,
  policy: CardThrottlePolicy,
): CardReservation {
  const cardNow = current(card, now, policy)
  const nameNow = current(name, now, policy)
  const full = [cardNow, nameNow].filter((counter) => counter.failures >= policy.failures)
  if (full.length > 0) {
    const seconds = Math.max(...full.map((counter) => now.until(windowEnd(counter, policy)).total('seconds')))
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(seconds)) }
  }
  return {
    allowed: true,
    card: { ...cardNow, failures: cardNow.failures + 1 },
    name: { ...nameNow, failures: nameNow.failures + 1 },
  }
}
