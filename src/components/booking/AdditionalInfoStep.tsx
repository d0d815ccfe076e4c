import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { problemsAt, stepOf } from '../../../machines/booking/booking.machine'
import { textLimits } from '../../contract/common'
import { defaultPhonePrefix, normalizePhone } from '../../domain/booking/phone'
import { allowsExtras } from '../../domain/booking/quotas'
import type { BookingRuleCode } from '../../domain/booking/steps'
import { CheckOption, GroupError } from '../canceltrips/CheckOption'
import { TextArea } from '../ui/TextArea'
import { TextField } from '../ui/TextField'
import { codesFor, problemTexts } from './problemTexts'
import type { StepProps } from './stepProps'
import { Fieldset } from '../ui/Fieldset'

/**
 * Steps 5 and 8, additional info (spec sections 2 and 5): the booking phone (required on the tenants whose
 * rules say so; a number starting with 0 is saved with +358), the passenger count (above 1 and the extras only
 * on a VPL or SHL quota), whether an attendant travels along, and free text for the driver.
 */
export function AdditionalInfoStep({ snapshot, send }: StepProps) {
  const { t } = useLingui()
  const context = snapshot.context
  const { order, phoneRules } = context
  const quota = order.quota
  const problems = problemsAt(stepOf(snapshot) ?? 5, context)
  const special = quota ? allowsExtras(quota) : false
  const [phoneLeft, setPhoneLeft] = useState(false)
  const errors = (codes: readonly BookingRuleCode[]) =>
    codesFor(problems, codes).map((code) => t(problemTexts[code]))
  const normalized = normalizePhone(order.phone)
  const extrasErrorId = 'booking-extras-error'
  const extrasError = errors(['extrasNotAllowed'])[0] ?? null

  return (
    <div className="flex flex-col gap-5">
      <TextField
        label={t({ id: 'booking.info.phone', message: 'Phone number for this trip' })}
        description={
          normalized !== order.phone.trim() ? (
            <Trans id="booking.info.phone_saved_as">It is saved as {normalized}.</Trans>
          ) : (
            <Trans id="booking.info.phone_hint">
              A number starting with 0 gets the country code {defaultPhonePrefix}.
            </Trans>
          )
        }
        type="tel"
        autoComplete="tel"
        required={phoneRules.requiredAtBooking}
        maxLength={textLimits.phone}
        value={order.phone}
        onChange={(event) => send({ type: 'phone.change', value: event.target.value })}
        onBlur={() => setPhoneLeft(true)}
        // "Required" waits until the field is left; a wrong format shows at once.
        error={errors(phoneLeft ? ['phoneRequired', 'phoneFormat'] : ['phoneFormat'])}
      />
      <TextField
        label={t({ id: 'booking.info.passenger_count', message: 'Number of passengers' })}
        description={
          special ? null : (
            <Trans id="booking.info.passenger_count_hint">This quota allows only 1 passenger.</Trans>
          )
        }
        type="number"
        inputMode="numeric"
        min={1}
        max={special ? undefined : 1}
        required
        className="max-w-40"
        value={order.passengerCount >= 1 ? order.passengerCount : ''}
        onChange={(event) => send({ type: 'passengerCount.change', value: Number(event.target.value) })}
        error={errors(['passengerCountMin', 'extraPassengersNotAllowed'])}
      />
      <CheckOption
        checked={order.withAttendant}
        onToggle={() => send({ type: 'attendant.change', value: !order.withAttendant })}
      >
        <Trans id="booking.info.with_attendant">An attendant travels with the passenger</Trans>
      </CheckOption>
      {quota && (special || extrasError) && quota.extras.length > 0 ? (
        <Fieldset gap="gap-3" legend={<Trans id="booking.info.extras">Extras</Trans>}>
          <GroupError id={extrasErrorId} text={extrasError} />
          {quota.extras.map((extra) => (
            <CheckOption
              key={extra.extraId}
              checked={extra.selected}
              errorId={extrasError ? extrasErrorId : null}
              onToggle={() => send({ type: 'extra.toggle', extraId: extra.extraId })}
            >
              {extra.name}
            </CheckOption>
          ))}
        </Fieldset>
      ) : null}
      <TextArea
        label={t({ id: 'booking.info.additional_info', message: 'Additional information for the driver' })}
        maxLength={textLimits.note}
        value={order.additionalInfo}
        onChange={(event) => send({ type: 'info.change', value: event.target.value })}
      />
    </div>
  )
}
