import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { Temporal } from 'temporal-polyfill'
import type { Trip, TripStatus } from '../../contract/trip'
import { clockTime } from '../../domain/dateDisplay'
import { countdownMinutes } from '../../domain/tracking/countdown'
import { panelStatus } from '../../domain/tracking/panelStatus'
import { trackingProgress } from '../../domain/tracking/progress'
import { trackingTones } from './trackingTones'
import { panelLabels } from './trackingTexts'

export interface TrackingPanelProps {
  trip: Pick<Trip, 'startDateTime' | 'endDateTime' | 'pickupTime'>
  status: TripStatus
  /** How many minutes old the status is, when it could not be renewed (a failed poll, offline); else null. */
  ageMinutes: number | null
  now: Temporal.Instant
  timeZone: string
}

/** What the panel says, in words: shown, and said again by the screen's live region. */
export function useTrackingWords({ trip, status, ageMinutes, now, timeZone }: TrackingPanelProps) {
  const { t } = useLingui()
  const shown = panelStatus(status)
  const time = shown.time ? clockTime(shown.time, timeZone) : null
  const label = t(panelLabels[shown.kind])
  const minutes = countdownMinutes(status, trip, now)
  const countdown =
    minutes === null
      ? null
      : t({
          id: 'trips.tracking.minutes_left',
          message: plural(minutes, { one: '# minute left', other: '# minutes left' }),
        })
  const age =
    ageMinutes === null
      ? null
      : t({
          id: 'trips.tracking.updated_ago',
          message: plural(ageMinutes, { one: 'Updated # minute ago', other: 'Updated # minutes ago' }),
        })
  const headline = time ? `${label} ${time}` : label
  return { shown, time, label, countdown, age, headline }
}

/**
 * The trip's live status (spec section 4): its label and time in the status's colour, the minutes left, a
 * progress bar, and how old the status is when it could not be renewed. The live region that announces it is
 * the screen's (TripTracking), since it must be there before the panel first appears.
 */
export function TrackingPanel(props: TrackingPanelProps) {
  const { t } = useLingui()
  const headingId = useId()
  const { shown, time, label, countdown, age, headline } = useTrackingWords(props)
  const tone = trackingTones[shown.tone]
  const progress = trackingProgress(props.status, props.trip, props.now)
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-xl border-l-4 p-4"
      style={{ backgroundColor: tone.background, color: tone.text, borderColor: tone.bar }}
    >
      <h2 id={headingId} className="mb-2 text-lg font-semibold">
        {t({ id: 'trips.tracking.heading', message: 'Tracking' })}
      </h2>
      <p className="text-xl font-bold">
        {label}
        {time && shown.time ? (
          <>
            {' '}
            <time dateTime={shown.time}>{time}</time>
          </>
        ) : null}
      </p>
      {countdown ? <p className="mt-1">{countdown}</p> : null}
      <div
        role="progressbar"
        aria-label={t({ id: 'trips.tracking.progress', message: 'Trip progress' })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        aria-valuetext={countdown ?? headline}
        className="mt-3 h-3 overflow-hidden rounded-full border"
        style={{ backgroundColor: tone.track, borderColor: tone.bar }}
      >
        <div className="h-full" style={{ width: `${progress}%`, backgroundColor: tone.bar }} />
      </div>
      {age ? <p className="mt-2 text-sm">{age}</p> : null}
    </section>
  )
}
