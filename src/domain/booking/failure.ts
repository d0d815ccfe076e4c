/**
 * What the wizard says when `POST api/booking` fails (spec section 8): "Booking failed" (booking.failed), with the
 * server's message after it only on a 400; a message about the municipality is replaced by
 * booking.error_municipality. The server translates its messages, so "municipality" is looked for in the three
 * languages, and in the code. Over the user's limit (429) it says to wait a moment and try again.
 */
export type BookingFailure =
  { kind: 'failed'; serverMessage: string | null } | { kind: 'municipality' } | { kind: 'tooManyRequests' }

const municipality = /municipal|kunta|kunnan|kommun/i

export function bookingFailure(
  status: number,
  body: { code?: string | null; message?: string | null } | null,
): BookingFailure {
  if (status === 429) return { kind: 'tooManyRequests' }
  if (status !== 400) return { kind: 'failed', serverMessage: null }
  const message = body?.message?.trim() || null
  if ([message, body?.code].some((text) => text && municipality.test(text))) return { kind: 'municipality' }
  return { kind: 'failed', serverMessage: message }
}
