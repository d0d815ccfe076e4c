import { Trans, useLingui } from '@lingui/react/macro'
import { useRef, useState } from 'react'
import {
  deviationOf,
  expressStatusOf,
  placesOffered,
  problemsAt,
  stepOf,
  type AddressField,
  type BookingEvent,
} from '../../../machines/booking/booking.machine'
import { textLimits } from '../../contract/common'
import type { Place } from '../../contract/passenger'
import { allowsFreePlaces } from '../../domain/booking/places'
import type { BookingRuleCode } from '../../domain/booking/steps'
import { isWaitTime, waitTimeOptions, type ViaPointDeviation } from '../../domain/booking/viaPoints'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { inputClasses } from '../ui/classes'
import { Field } from '../ui/Field'
import { PlusIcon } from '../ui/icons'
import { TextField } from '../ui/TextField'
import { AddressPicker } from './AddressPicker'
import { viaPointClasses } from './bookingClasses'
import { tooManyRequestsText } from './bookingTexts'
import { codesFor, problemTexts } from './problemTexts'
import type { StepProps } from './stepProps'
import { TimeField } from './TimeField'
import { Fieldset } from '../ui/Fieldset'

/** Codes that say a field is still empty: shown once the user has left that field, not on a fresh step. */
const requiredCodes: readonly BookingRuleCode[] = [
  'timeRequired',
  'fromAddressRequired',
  'toAddressRequired',
  'viaPointAddressRequired',
]

/**
 * Steps 4 and 7, the trip (spec section 2): the time and whether it is the departure's or the arrival's, from
 * and to with their apartments (only with free places), the via points the quota allows, and the deviation,
 * express and route notices. The express quota notice is here, beside the time that decides it, so the user
 * changes the time where they see why; the summary's save stays disabled when no express trip is left.
 */
export function TripStep({ snapshot, send }: StepProps) {
  const { t } = useLingui()
  const context = snapshot.context
  const { order } = context
  const quota = order.quota
  const step = stepOf(snapshot) ?? 4
  const problems = problemsAt(step, context)
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set())
  const addViaRef = useRef<HTMLButtonElement>(null)
  const freePlaces = quota ? allowsFreePlaces(quota.tripDestinations) : false
  const offered = placesOffered(context)
  const deviation = deviationOf(context)
  const express = expressStatusOf(context)
  const viaPointsShown = Boolean(quota?.allowViaPoints) || order.viaPoints.length > 0

  const leave = (field: string) => () => setLeft((fields) => new Set(fields).add(field))
  /** The translated problems of one field; its "required" only once it has been left. */
  const errorsOf = (field: string, codes: readonly BookingRuleCode[], viaPointIndex?: number) =>
    codesFor(problems, codes, viaPointIndex)
      .filter((code) => left.has(field) || !requiredCodes.includes(code))
      .map((code) => t(problemTexts[code]))

  /** What a failed address search says (spec section 8: an alert with the status, not "no results"). */
  function searchFailureText({ status }: { status: number | null }): string {
    if (status === 0)
      return t({
        id: 'booking.address.search_offline',
        message: 'Address search needs a network connection.',
      })
    if (status === 429)
      return t({
        id: 'booking.address.search_too_many',
        message: 'Too many address searches in a short time. Wait a moment and try again.',
      })
    if (status === null)
      return t({
        id: 'booking.address.search_failed_plain',
        message: 'The address search failed. Try again in a moment.',
      })
    return t({
      id: 'booking.address.search_failed',
      message: `The address search failed (status ${status}). Try again in a moment.`,
    })
  }

  /** The address picker's binding to the machine for a field. */
  function picker(field: AddressField, onChange: (place: Place | null) => void) {
    const search = context.search?.field === field ? context.search : null
    return {
      places: offered,
      searchable: freePlaces,
      onSearch: (query: string) => send({ type: 'address.search', field, query }),
      results: search?.results ?? [],
      searching:
        search !== null &&
        (snapshot.matches({ search: 'debouncing' }) || snapshot.matches({ search: 'searching' })),
      failure: search?.failure ? searchFailureText(search.failure) : null,
      onChange,
      onBlur: leave(String(field)),
    }
  }

  const apartment = (value: string, event: (value: string) => BookingEvent) =>
    freePlaces ? (
      <TextField
        label={t({ id: 'booking.trip.apartment', message: 'Apartment (optional)' })}
        autoComplete="off"
        maxLength={textLimits.addressPart}
        value={value}
        onChange={(change) => send(event(change.target.value))}
      />
    ) : null

  return (
    <div className="flex flex-col gap-5">
      <TimeField
        label={t({ id: 'booking.trip.time', message: 'Time' })}
        minutes={order.time}
        date={order.date}
        onChange={(time) => send({ type: 'time.change', time })}
        errors={errorsOf('time', ['timeRequired', 'timeInPast'])}
        onBlur={leave('time')}
      />
      <Fieldset gap="gap-2" legend={<Trans id="booking.trip.time_mode">The time is for</Trans>}>
        {[true, false].map((isDepartureTime) => (
          <label key={String(isDepartureTime)} className="flex min-h-comfortable items-center gap-3">
            <input
              type="radio"
              name="booking-time-mode"
              className="size-6 accent-action"
              checked={order.isDepartureTime === isDepartureTime}
              onChange={() => send({ type: 'timeMode.change', isDepartureTime })}
            />
            {isDepartureTime ? (
              <Trans id="booking.trip.departure_time">Departure</Trans>
            ) : (
              <Trans id="booking.trip.arrival_time">Arrival</Trans>
            )}
          </label>
        ))}
      </Fieldset>
      {express === 'expressQuotaWarning' ? (
        <Alert severity="warning" live>
          <Trans id="booking.trip.express_warning">
            The departure is so soon that this booking uses an express trip of the quota.
          </Trans>
        </Alert>
      ) : express === 'expressQuotaNoneLeft' ? (
        <Alert severity="error" live>
          {t(problemTexts.expressQuotaNoneLeft)}
        </Alert>
      ) : null}
      <div className="flex flex-col gap-3">
        <AddressPicker
          label={t({ id: 'booking.trip.from', message: 'From' })}
          required
          value={order.fromAddress}
          error={errorsOf('from', ['fromAddressRequired', 'fromPlaceNotAllowed'])}
          {...picker('from', (place) => send({ type: 'from.change', place }))}
        />
        {apartment(order.fromApartment, (value) => ({ type: 'from.apartment', value }))}
      </div>
      <div className="flex flex-col gap-3">
        <AddressPicker
          label={t({ id: 'booking.trip.to', message: 'To' })}
          required
          value={order.toAddress}
          error={errorsOf('to', ['toAddressRequired', 'toPlaceNotAllowed', 'locationSame'])}
          {...picker('to', (place) => send({ type: 'to.change', place }))}
        />
        {apartment(order.toApartment, (value) => ({ type: 'to.apartment', value }))}
      </div>
      {viaPointsShown ? (
        <section className="flex flex-col gap-3" aria-labelledby="booking-via-points">
          <h3 id="booking-via-points" className="text-lg font-semibold">
            <Trans id="booking.trip.via_points">Via points</Trans>
          </h3>
          {errorsOf('via', ['viaPointsNotAllowed']).map((text) => (
            <Alert key={text} severity="error">
              {text}
            </Alert>
          ))}
          {order.viaPoints.map((via, index) => {
            const number = index + 1
            return (
              <div
                key={index}
                role="group"
                aria-label={t({ id: 'booking.trip.via_point', message: `Via point ${number}` })}
                className={viaPointClasses}
              >
                <AddressPicker
                  label={t({ id: 'booking.trip.via_point_address', message: `Via point ${number} address` })}
                  required
                  value={via.viaPointAddress}
                  error={errorsOf(
                    `via-${index}`,
                    [
                      'viaPointAddressRequired',
                      'viaPointPlaceNotAllowed',
                      'viaPointLocationSame',
                      'viaPointSameAsOtherViaPoint',
                    ],
                    index,
                  )}
                  {...picker(index, (place) => send({ type: 'via.change', index, place }))}
                />
                {apartment(via.viaPointApartment, (value) => ({ type: 'via.apartment', index, value }))}
                <Field label={t({ id: 'booking.trip.wait_time', message: 'Wait time' })}>
                  {(control) => (
                    <select
                      {...control}
                      className={inputClasses(false)}
                      value={via.waitTime}
                      onChange={(event) => {
                        const waitTime = Number(event.target.value)
                        if (isWaitTime(waitTime)) send({ type: 'via.wait', index, waitTime })
                      }}
                    >
                      {waitTimeOptions.map((minutes) => (
                        <option key={minutes} value={minutes}>
                          {t({ id: 'booking.trip.wait_minutes', message: `${minutes} min` })}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Button
                  variant="secondary"
                  className="self-start"
                  onClick={() => {
                    send({ type: 'via.remove', index })
                    // The removed via point's button is gone: focus goes where the user can go on.
                    addViaRef.current?.focus()
                  }}
                >
                  <Trans id="booking.trip.remove_via_point">Remove via point {number}</Trans>
                </Button>
              </div>
            )
          })}
          <p role="status" className="sr-only">
            {snapshot.matches({ viaPointRemoval: 'shown' }) ? (
              <Trans id="booking.trip.via_point_removed">Via point removed</Trans>
            ) : null}
          </p>
          <Button
            ref={addViaRef}
            variant="secondary"
            className="self-start"
            disabled={!snapshot.can({ type: 'via.add' })}
            onClick={() => send({ type: 'via.add' })}
          >
            <PlusIcon />
            <Trans id="booking.trip.add_via_point">Add via point</Trans>
          </Button>
        </section>
      ) : null}
      {deviation?.exceeded ? <DeviationWarning {...deviation} /> : null}
      {snapshot.matches({ route: 'failed' }) ? (
        <Alert severity="info" live>
          {snapshot.matches({ route: { failed: 'tooManyRequests' } }) ? `${t(tooManyRequestsText)} ` : null}
          <Trans id="booking.trip.route_failed">
            The route could not be checked just now. You can still go on; the booking is checked when it is
            saved.
          </Trans>{' '}
          <Button variant="ghost" onClick={() => send({ type: 'route.retry' })}>
            <Trans id="booking.trip.route_retry">Try again</Trans>
          </Button>
        </Alert>
      ) : null}
    </div>
  )
}

/** The via points' detour over the quota's limit, both in km (spec section 5). */
function DeviationWarning({ deviationKm, maxDeviationKm }: ViaPointDeviation) {
  const { i18n } = useLingui()
  const deviation = i18n.number(deviationKm, { maximumFractionDigits: 3 })
  const maximum = i18n.number(maxDeviationKm, { maximumFractionDigits: 3 })
  return (
    <Alert severity="warning" live>
      <Trans id="booking.trip.deviation_warning">
        The via points make the route {deviation} km longer; this quota allows at most {maximum} km.
      </Trans>
    </Alert>
  )
}
