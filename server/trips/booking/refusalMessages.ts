import type { I18n } from '@lingui/core'
import type { BookingRefusalCode } from '../../../src/contract/codes'
import type { BookingRefusal } from '../../../src/domain/booking/refusals'

type Message = (i18n: I18n, refusal: BookingRefusal) => string

/** The message of each refusal in the request's language (server/i18n catalogs; extracted from these calls). */
const messages: Record<BookingRefusalCode, Message> = {
  booking_permission_not_found: (i18n) =>
    i18n._({
      id: 'booking_refusal.permission_not_found',
      message: 'The transportation permission was not found for this passenger.',
    }),
  booking_permission_not_valid: (i18n) =>
    i18n._({
      id: 'booking_refusal.permission_not_valid',
      message: 'The transportation permission is not valid on the date of the trip.',
    }),
  booking_time_past: (i18n) =>
    i18n._({ id: 'booking_refusal.time_past', message: 'The time of the trip has already passed.' }),
  booking_no_quota: (i18n) =>
    i18n._({ id: 'booking_refusal.no_quota', message: 'No trips left on this permission.' }),
  booking_no_express_quota: (i18n) =>
    i18n._({
      id: 'booking_refusal.no_express_quota',
      message: 'No express trips left on this permission for a trip departing this soon.',
    }),
  booking_same_location: (i18n) =>
    i18n._({
      id: 'booking_refusal.same_location',
      message: 'The start and the destination are the same place.',
    }),
  booking_via_point_same_location: (i18n) =>
    i18n._({
      id: 'booking_refusal.via_point_same_location',
      message: 'A via point is the same place as the start, the destination or another via point.',
    }),
  booking_destination_not_allowed: (i18n) =>
    i18n._({
      id: 'booking_refusal.destination_not_allowed',
      message: 'The permission does not allow trips to this place.',
    }),
  booking_address_mismatch: (i18n) =>
    i18n._({
      id: 'booking_refusal.address_mismatch',
      message: 'The address does not match its place on the map. Search for the address again.',
    }),
  booking_via_points_not_allowed: (i18n) =>
    i18n._({
      id: 'booking_refusal.via_points_not_allowed',
      message: 'The permission does not allow via points.',
    }),
  booking_via_point_deviation: (i18n, refusal) =>
    i18n._({
      id: 'booking_refusal.via_point_deviation',
      message:
        'The via points make the route {deviation, number} km longer; at most {max, number} km is allowed.',
      values: { deviation: refusal.deviationKm, max: refusal.maxDeviationKm },
    }),
  booking_outside_area: (i18n) =>
    i18n._({ id: 'booking_refusal.outside_area', message: 'The route is outside of the allowed area' }),
  booking_outside_municipality: (i18n) =>
    i18n._({
      id: 'booking_refusal.outside_municipality',
      message: 'The trip must stay within the municipality of the permission.',
    }),
  booking_phone_required: (i18n) =>
    i18n._({ id: 'booking_refusal.phone_required', message: 'A phone number is required for the booking.' }),
  booking_phone_format: (i18n) =>
    i18n._({
      id: 'booking_refusal.phone_format',
      message: 'The phone number must start with a plus sign followed by 6 to 14 digits.',
    }),
  booking_extra_passengers: (i18n) =>
    i18n._({
      id: 'booking_refusal.extra_passengers',
      message: 'Extra passengers are allowed only on VPL and SHL permissions.',
    }),
  booking_extras_not_allowed: (i18n) =>
    i18n._({
      id: 'booking_refusal.extras_not_allowed',
      message: 'These extras are not allowed on this permission.',
    }),
}

export function refusalMessage(i18n: I18n, refusal: BookingRefusal): string {
  return messages[refusal.code](i18n, refusal)
}
