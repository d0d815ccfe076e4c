import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import type { BookingProblem, BookingRuleCode } from '../../domain/booking/steps'
import type { TimeFieldProblem } from '../../domain/booking/time'

/** The text of every rule code the booking steps report (steps.ts), and of the time field's own problem. */
export const problemTexts: Record<BookingRuleCode | TimeFieldProblem, MessageDescriptor> = {
  passengerRequired: msg({ id: 'booking.validation.passengerRequired', message: 'Choose a passenger.' }),
  dateRequired: msg({ id: 'booking.validation.dateRequired', message: 'Enter a date.' }),
  dateBeforeMin: msg({ id: 'booking.validation.dateBeforeMin', message: 'The date cannot be in the past.' }),
  quotaRequired: msg({ id: 'booking.validation.quotaRequired', message: 'Choose a quota type.' }),
  quotaUsedUp: msg({ id: 'booking.validation.quotaUsedUp', message: 'This quota has no trips left.' }),
  expressQuotaNoneLeft: msg({
    id: 'booking.validation.expressQuotaNoneLeft',
    message:
      'The departure is so soon that it needs an express trip, and none are left. Choose a later time.',
  }),
  timeRequired: msg({ id: 'booking.validation.timeRequired', message: 'Enter a time.' }),
  checkTimeFormat: msg({
    id: 'booking.validation.checkTimeFormat',
    message: 'Check the time: hours 00–23 and minutes 00–59, for example 09:30.',
  }),
  timeInPast: msg({ id: 'booking.validation.timeInPast', message: 'The time has already passed.' }),
  fromAddressRequired: msg({
    id: 'booking.validation.fromAddressRequired',
    message: 'Choose the from address.',
  }),
  toAddressRequired: msg({ id: 'booking.validation.toAddressRequired', message: 'Choose the to address.' }),
  fromPlaceNotAllowed: msg({
    id: 'booking.validation.fromPlaceNotAllowed',
    message: 'This quota does not allow trips from this place.',
  }),
  toPlaceNotAllowed: msg({
    id: 'booking.validation.toPlaceNotAllowed',
    message: 'This quota does not allow trips to this place.',
  }),
  viaPointsNotAllowed: msg({
    id: 'booking.validation.viaPointsNotAllowed',
    message: 'This quota does not allow via points. Remove them.',
  }),
  viaPointPlaceNotAllowed: msg({
    id: 'booking.validation.viaPointPlaceNotAllowed',
    message: 'This quota does not allow stopping at this place.',
  }),
  viaPointAddressRequired: msg({
    id: 'booking.validation.viaPointAddressRequired',
    message: 'Choose the via point’s address, or remove the via point.',
  }),
  locationSame: msg({
    id: 'booking.validation.locationSame',
    message: 'The from and to addresses cannot be the same place.',
  }),
  viaPointLocationSame: msg({
    id: 'booking.validation.viaPointLocationSame',
    message: 'A via point cannot be the same place as the from or to address.',
  }),
  viaPointSameAsOtherViaPoint: msg({
    id: 'booking.validation.viaPointSameAsOtherViaPoint',
    message: 'This via point is the same place as an earlier via point.',
  }),
  viaPointDeviationExceeded: msg({
    id: 'booking.validation.viaPointDeviationExceeded',
    message: 'The via points make the route too long.',
  }),
  passengerCountMin: msg({
    id: 'booking.validation.passengerCountMin',
    message: 'The number of passengers must be at least 1.',
  }),
  extraPassengersNotAllowed: msg({
    id: 'booking.validation.extraPassengersNotAllowed',
    message: 'This quota allows only 1 passenger.',
  }),
  phoneRequired: msg({ id: 'booking.validation.phoneRequired', message: 'Enter a phone number.' }),
  phoneFormat: msg({
    id: 'booking.validation.phoneFormat',
    message: 'Enter the number in international form, for example +358 40 123 4567.',
  }),
  extrasNotAllowed: msg({
    id: 'booking.validation.extrasNotAllowed',
    message: 'This quota does not allow extras.',
  }),
}

/** The codes among a step's problems that belong to one field (via point problems: that via point's). */
export function codesFor(
  problems: readonly BookingProblem[],
  codes: readonly BookingRuleCode[],
  viaPointIndex?: number,
): BookingRuleCode[] {
  return problems
    .filter(
      (problem) =>
        codes.includes(problem.code) &&
        (viaPointIndex === undefined ||
          ('viaPointIndex' in problem && problem.viaPointIndex === viaPointIndex)),
    )
    .map(({ code }) => code)
}
