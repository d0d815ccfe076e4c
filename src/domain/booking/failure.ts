/**
 * What the wizard says when `POST api/booking` fails (spec section 8): "Booking failed" (booking.failed), with the
 * server's message after it only on a 400; a message about the municipality is replaced by
 * booking.error_municipality. The server translates its messages, so "municipality" is looked for in the three
 * languages, and in the code. Over the user's limit (429) it says to wait a moment and try again. A series
 * refused for one of its rides names that ride's date: the error's property is `dates.{index}`.
 */
export type BookingFailure =
  | { kind: 'failed'; serverMessage: string | null; date?: string }
  | { kind: 'municipality' }
  | { kind: 'tooManyRequests' }

type FailureBody = {
  code?: string | null
  message?: string | null
  errors?: readonly { property?: string }[] | null
} | null

/** The date of the series' ride a refusal names, from the dates the series sent. */
function refusedDate(body: FailureBody, dates: readonly string[]): string | undefined {
  const index = /^dates\.(\d+)$/.exec(body?.errors?.[0]?.property ?? '')?.[1]
  return index === undefined ? undefined : dates[Number(index)]
}

const municipality = /municipal|kunta|kunnan|kommun/i

export function bookingFailure(
  status: number,
  body: FailureBody,
  seriesDates: readonly string[] = [],
): BookingFailure {
  if (status === 429) return { kind: 'tooManyRequests' }
  if (status !== 400) return { kind: 'failed', serverMessage: null }
  const message = body?.message?.trim() || null
  if ([message, body?.code].some((text) => text && municipality.test(text))) return { kind: 'municipality' }
  const date = refusedDate(body, seriesDates)
  return date ? { kind: 'failed', serverMessage: message, date } : { kind: 'failed', serverMessage: message }
}
