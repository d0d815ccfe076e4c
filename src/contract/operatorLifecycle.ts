import { z } from 'zod'
import { id, isoDateTime, text } from './common'
import type { Endpoint } from './endpoints'

/** The longest reason an operator gives for ending a passenger; it is also each cancelled trip's reason. */
export const passengerEndReasonMaxLength = 500

/** The longest wait from a passenger's end to its erasure, by the end's call or PASSENGER_ERASURE_DAYS. */
export const passengerErasureMaxDays = 3650

export const passengerEndRequest = z.object({
  reason: text(passengerEndReasonMaxLength, { min: 1, trim: true }),
  eraseAfterDays: z
    .number()
    .int()
    .min(0)
    .max(passengerErasureMaxDays)
    .optional()
    .describe(
      "Days from the end to the erasure of the passenger's personal data; defaults to the deployment's PASSENGER_ERASURE_DAYS (365). 0: at the next retention run (within the hour)",
    ),
})
export type PassengerEndRequest = z.input<typeof passengerEndRequest>

/** A passenger's end as it stands: when, when its personal data goes, and how many trips the end cancelled. */
export const passengerEnd = z.object({
  id,
  endedAt: isoDateTime,
  eraseAfter: isoDateTime,
  cancelledTrips: z.number().int().min(0),
})
export type PassengerEnd = z.infer<typeof passengerEnd>

/** A passenger's end of life in the portal: the operator ends it, the retention later erases its personal data. */
export const operatorLifecycleEndpoints = {
  endPassenger: {
    method: 'POST',
    path: '/api/operator/passengers/:id/end',
    summary:
      "End a passenger of the tenant (its eligibility is over), in one step: its trips still to come, bookings awaiting approval too, are cancelled with the reason (the guardians are told, as of any cancellation), then its guardians lose it, with its unused access codes, invitations, travel cards, queued notifications and notification choices, and its trips' tracking links are revoked. Its personal data (name, phone, places, messages, trip addresses, notes and comments) is erased eraseAfterDays later; its id, reference, trip times and outcomes and quota usage stay. Ending an ended passenger changes nothing and answers its end as it stands. After the end, a booked event or a new permission for it is 409 passenger_ended. 404 for a passenger the tenant does not have",
    auth: 'apiKey',
    params: z.object({ id }),
    body: passengerEndRequest,
    response: passengerEnd,
  },
} as const satisfies Record<string, Endpoint>
