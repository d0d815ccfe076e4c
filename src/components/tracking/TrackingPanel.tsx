import { plural } from '@lingui/core/macro'
import { useLingui } from '@lingui/react/macro'
import { useId } from 'react'
import type { Temporal } from 'temporal-polyfill'
import type { Trip, TripStatus } from '../../contract/trip'
import { clockTime } from '../../domain/dateDisplay'
import { countdownMinutes } from '../../domain/tracking/countdown'
import { panelStatus } from '../../domain/tracking/panelStatus'
import { panelTime } from '../../domain/tracking/panelTime'
import { trackingProgress } from '../../domain/tracking/progress'
import { trackingTones } from './trackingTones'
import { panelLabels, panelTimeLabels } from './trackingTexts'

export interface TrackingPanelProps {
  trip: Pick<Trip, 'startDateTime' | 'endDateTime' | 'pickupTime'>
  status: TripStatus
  /** When the status came (an ISO instant): the last answer, or the pull that brought it; null if unknown. */
  receivedAt: string | null
  /** The status could not be renewed (a failed poll, offline): it is the last known one. */
  stale: boolean
  now: Temporal.Instant
  timeZone: string
}

/** What the panel says, in words: shown, and said again by the screen's live region. */
export function useTrackingWords({ trip, status, receivedAt, stale, now, timeZone }: TrackingPanelProps) {
  const { t } = useLingui()
  const shown = panelStatus(status)
  const label = t(panelLabels[shown.kind])
  const timeOf = panelTime(status, trip)
  const time = timeOf && { ...timeOf, clock: clockTime(timeOf.at, timeZone) }
  const timeText = time && `${t(panelTimeLabels[time.kind])} ${time.clock}`
  const minutes = countdownMinutes(status, trip, now)
  const countdown =
    minutes === null
      ? null
      : t({
          id: 'trips.tracking.minutes_left',
          message: plural(minutes, { one: '# minute left', other: '# minutes left' }),
        })
  const updatedClock = receivedAt && clockTime(receivedAt, timeZone)
  const updated = updatedClock && t({ id: 'trips.tracking.updated_at', message: `Updated ${updatedClock}` })
  const staleText = stale
    ? t({
        id: 'trips.tracking.last_known',
        message: 'The service cannot be reached: this is the last known status.',
      })
    : null
  const headline = [label, timeText].filter(Boolean).join('. ')
  return { shown, label, time, countdown, updated, staleText, headline }
}

/**
 * The trip's live status (spec section 4): its plain status and time in the status's colour, the minutes left,
 * a progress bar, when it was updated and whether it is only the last known one. The live region that
 * announces it is the screen's (TripTracking), since it must be there before the panel first appears.
 */
export function TrackingPanel(props: TrackingPanelProps) {
  const { t } = useLingui()
  const headingId = useId()
  const { shown, label, time, countdown, updated, staleText, headline } = useTrackingWords(props)
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
      <p className="text-xl font-bold">{label}</p>
      {time ? (
        <p className="mt-1 font-semibold">
          {t(panelTimeLabels[time.kind])} <time dateTime={time.at}>{time.clock}</time>
        </p>
      ) : null}
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
      {updated || staleText ? (
        <p className="mt-2 text-sm">
          {props.receivedAt && updated ? <time dateTime={props.receivedAt}>{updated}</time> : null}
          {updated && staleText ? ' ' : null}
          {staleText ? <strong>{staleText}</strong> : null}
        </p>
      ) : null}
    </section>
  )
}
