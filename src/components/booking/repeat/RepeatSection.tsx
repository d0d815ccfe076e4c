import { Trans, useLingui } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { Temporal } from 'temporal-polyfill'
import { rideDay } from '../../../../machines/booking/booking.machine'
import { bookingToday } from '../../../domain/booking/time'
import { wizardDate } from '../../../domain/dateDisplay'
import { weekdayName } from '../../../domain/calendarWords'
import { weekdays } from '../../../domain/series/seriesDates'
import type { RepeatProblem } from '../../../domain/series/repeat'
import { repeatOf } from './repeatOf'
import { DateField } from '../../dates/DateField'
import { Alert } from '../../ui/Alert'
import { Button } from '../../ui/Button'
import { FieldErrors } from '../../ui/Field'
import { Fieldset } from '../../ui/Fieldset'
import { Spinner } from '../../ui/Spinner'
import { repeatCheckboxClasses } from '../bookingClasses'
import type { StepProps } from '../stepProps'
import { RepeatPlan } from './RepeatPlan'

/** A Monday, from which the weekdays' names are taken. */
const aMonday = Temporal.PlainDate.from('2026-11-23')

const isoDate = /^\d{4}-\d{2}-\d{2}$/

/**
 * The summaries' "Repeat this ride": the weekdays and the end date of a series, or for the return of a
 * series its outbound's dates; then the dates it makes, the quota they use and their deductibles (RepeatPlan).
 * Every choice is the booking machine's, so it is kept across a reload and checked before the save.
 */
export function RepeatSection({ snapshot, send }: StepProps) {
  const headingId = useId()
  const { context } = snapshot
  const repeat = context.repeat
  const editable = snapshot.can({ type: 'repeat.toggle', on: repeat === null })
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl border-2 border-muted/40 p-4"
    >
      <h3 id={headingId} className="sr-only">
        <Trans id="booking_repeat.heading">Repeat</Trans>
      </h3>
      <label className="flex min-h-comfortable cursor-pointer items-center gap-3 font-semibold">
        <input
          type="checkbox"
          role="switch"
          className={repeatCheckboxClasses}
          checked={repeat !== null}
          disabled={!editable}
          onChange={(event) => send({ type: 'repeat.toggle', on: event.target.checked })}
        />
        <Trans id="booking_repeat.toggle">Repeat this ride</Trans>
      </label>
      {repeat ? <RepeatChoices snapshot={snapshot} send={send} disabled={!editable} /> : null}
    </section>
  )
}

function RepeatChoices({ snapshot, send, disabled }: StepProps & { disabled: boolean }) {
  const { t, i18n } = useLingui()
  const { context } = snapshot
  const repeat = context.repeat!
  const outcome = repeatOf(context)
  const today = bookingToday(Temporal.Instant.from(context.now), context.timeZone).toString()
  const first = rideDay(context.order)!
  // What was typed in the end date's field while it names no date; null when it holds the machine's date.
  const [typed, setTyped] = useState<string | null>(null)
  const weekdayErrorId = useId()
  const problems = new Set<RepeatProblem>(outcome?.problems ?? [])
  const latest = outcome?.latest ? wizardDate(outcome.latest) : null

  if (problems.has('noPeriod')) {
    return (
      <Alert severity="warning">
        <Trans id="booking_repeat.no_period">
          The transportation permission has no period after this ride: it cannot be repeated.
        </Trans>
      </Alert>
    )
  }
  const untilError = problems.has('untilInvalid')
    ? t({ id: 'error.check_date_format', message: 'Check date format' })
    : problems.has('untilBeforeFirst')
      ? t({ id: 'booking_repeat.until_before', message: 'The end date must be after the first ride' })
      : problems.has('untilAfterLatest')
        ? t({ id: 'booking_repeat.until_after', message: `The end date can be ${latest} at the latest` })
        : null
  return (
    <div className="flex flex-col gap-5">
      {repeat.within ? (
        <p>
          {first === context.order.date ? (
            <Trans id="booking_repeat.return_dates">
              The return trip repeats on the dates booked for the outward trip.
            </Trans>
          ) : (
            <Trans id="booking_repeat.return_next_days">
              The return trip repeats on the day after each date booked for the outward trip.
            </Trans>
          )}
        </p>
      ) : (
        <>
          <Fieldset legend={<Trans id="booking_repeat.weekdays">Repeat on</Trans>} gap="gap-2">
            <div className="flex flex-wrap gap-x-5 gap-y-1">
              {weekdays.map((day) => (
                <label key={day} className="flex min-h-comfortable cursor-pointer items-center gap-2">
                  <input
                    type="checkbox"
                    className={repeatCheckboxClasses}
                    checked={repeat.weekdays.includes(day)}
                    disabled={disabled}
                    aria-describedby={problems.has('noWeekday') ? weekdayErrorId : undefined}
                    onChange={(event) => send({ type: 'repeat.weekday', day, on: event.target.checked })}
                  />
                  {weekdayName(aMonday.add({ days: day - 1 }), i18n.locale, 'long')}
                </label>
              ))}
            </div>
            {problems.has('noWeekday') ? (
              <FieldErrors
                id={weekdayErrorId}
                errors={[t({ id: 'booking_repeat.no_weekday', message: 'Choose at least one weekday' })]}
              />
            ) : null}
          </Fieldset>
          <DateField
            className="max-w-sm"
            label={
              latest ? (
                <Trans id="booking_repeat.until_latest">Repeat until (at the latest {latest})</Trans>
              ) : (
                <Trans id="booking_repeat.until">Repeat until</Trans>
              )
            }
            value={typed ?? repeat.until ?? ''}
            min={first}
            today={today}
            error={untilError}
            onChange={(value) => {
              // The field gives a date it reads as YYYY-MM-DD, else the text typed; the machine judges the date.
              const date = isoDate.test(value) ? value : null
              setTyped(date ? null : value)
              send({ type: 'repeat.until', date })
            }}
          />
          <label className="flex min-h-comfortable cursor-pointer items-center gap-3">
            <input
              type="checkbox"
              className={repeatCheckboxClasses}
              checked={repeat.includeHolidays}
              disabled={disabled}
              onChange={(event) => send({ type: 'repeat.holidays', include: event.target.checked })}
            />
            <Trans id="booking_repeat.include_holidays">Also on public holidays</Trans>
          </label>
        </>
      )}
      <HolidaysState snapshot={snapshot} send={send} />
      {outcome?.plan ? (
        <RepeatPlan
          snapshot={snapshot}
          send={send}
          plan={outcome.plan}
          problems={outcome.problems}
          disabled={disabled}
        />
      ) : null}
    </div>
  )
}

/** The holidays the dates need: fetching, or failed with a way to try again. */
function HolidaysState({ snapshot, send }: StepProps) {
  const { t } = useLingui()
  if (snapshot.matches({ holidays: 'loading' })) {
    return (
      <p className="flex items-center gap-3">
        <Spinner
          size={24}
          label={t({ id: 'booking_repeat.holidays_loading', message: 'Fetching the dates' })}
        />
      </p>
    )
  }
  if (!snapshot.matches({ holidays: 'failed' })) return null
  return (
    <Alert
      severity="error"
      live
      title={<Trans id="booking_repeat.holidays_failed">The dates could not be fetched</Trans>}
    >
      <Button variant="secondary" className="mt-2" onClick={() => send({ type: 'holidays.retry' })}>
        <Trans id="booking.try_again">Try again</Trans>
      </Button>
    </Alert>
  )
}
