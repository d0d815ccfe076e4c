import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { TrackingPanel } from '../../../src/components/tracking/TrackingPanel'
import { trackingTones } from '../../../src/components/tracking/trackingTones'
import { statusIsStale } from '../../../src/components/tracking/TripTracking'
import { tripStatusCodes, type TripStatus, type TripStatusCode } from '../../../src/contract/trip'
import { contrastRatio } from '../../../src/domain/contrast'
import { tripWith } from '../domain/trips/fixtures'
import { render, textOf } from './render'

const timeZone = 'Europe/Helsinki'
const trip = tripWith({ pickupTime: '2026-11-21T10:01:00+02:00' })
const at = (time: string) => `2026-11-21T${time}:00+02:00`
const now = Temporal.Instant.from(at('09:52'))

const statusOf = (code: TripStatusCode, overrides: Partial<TripStatus> = {}): TripStatus => ({
  code,
  eta: null,
  etd: null,
  ata: null,
  carLocation: null,
  ...overrides,
})

const panel = (
  status: TripStatus,
  options: { receivedAt?: string; stale?: boolean; at?: Temporal.Instant } = {},
) =>
  render(
    <TrackingPanel
      trip={trip}
      status={status}
      receivedAt={options.receivedAt ?? null}
      stale={options.stale ?? false}
      now={options.at ?? now}
      timeZone={timeZone}
    />,
  )

describe('TrackingPanel', () => {
  it('shows EnRoute in orange with its estimated departure, the minutes left and a progress bar', () => {
    const html = panel(statusOf(tripStatusCodes.EnRoute, { etd: at('10:02') }))
    expect(textOf(html)).toBe('Tracking The car is on its way Estimated departure 10:02 10 minutes left')
    expect(html).toContain(`background-color:${trackingTones.orange.background}`)
    // 20 of the 30 minutes before the departure have passed: 10 + 85 * 2/3.
    expect(html).toMatch(
      /role="progressbar" aria-label="Trip progress" aria-valuemin="0" aria-valuemax="100" aria-valuenow="66" aria-valuetext="10 minutes left"/,
    )
    expect(html).toContain('width:66%')
  })

  it('shows Pickup in green with its estimated arrival, one minute in the singular', () => {
    const html = panel(statusOf(tripStatusCodes.Pickup, { eta: at('10:27') }), {
      at: Temporal.Instant.from('2026-11-21T10:26:30+02:00'),
    })
    expect(textOf(html)).toBe('Tracking Passenger aboard Estimated arrival 10:27 1 minute left')
    expect(html).toContain(`background-color:${trackingTones.green.background}`)
  })

  it('shows DropOff as ended, full and without a countdown', () => {
    const html = panel(statusOf(tripStatusCodes.DropOff, { ata: at('10:31') }))
    expect(textOf(html)).toBe('Tracking Passenger dropped off Trip ended at 10:31')
    expect(html).toMatch(/aria-valuenow="100" aria-valuetext="Passenger dropped off. Trip ended at 10:31"/)
  })

  it('shows NoShow in red', () => {
    expect(textOf(panel(statusOf(tripStatusCodes.NoShow)))).toBe('Tracking No-show')
    expect(panel(statusOf(tripStatusCodes.NoShow))).toContain(
      `background-color:${trackingTones.red.background}`,
    )
  })

  it('names a car assigned, with its departure and the minutes to it', () => {
    const html = panel(statusOf(tripStatusCodes.Dispatched, { etd: at('10:04') }))
    expect(textOf(html)).toBe('Tracking Car assigned Estimated departure 10:04 12 minutes left')
  })

  it('names a car waiting outside with no minutes left to count, its bar due', () => {
    const html = panel(statusOf(tripStatusCodes.CarWaiting, { etd: at('10:04') }))
    expect(textOf(html)).toBe('Tracking The car is waiting outside')
    expect(html).toMatch(/aria-valuenow="95" aria-valuetext="The car is waiting outside"/)
    expect(html).toContain(`background-color:${trackingTones.orange.background}`)
  })

  it('says when the status came, and that it is the last known one when it could not be renewed', () => {
    const enRoute = statusOf(tripStatusCodes.EnRoute, { etd: at('10:02') })
    expect(textOf(panel(enRoute, { receivedAt: at('09:49') }))).toContain('10 minutes left Updated 09:49')
    expect(textOf(panel(enRoute, { receivedAt: at('09:49'), stale: true }))).toContain(
      'Updated 09:49 The service cannot be reached: this is the last known status.',
    )
    expect(panel(enRoute, { receivedAt: at('09:49') })).toContain(`dateTime="${at('09:49')}"`)
  })

  it('reads at 4.5:1 or more and shows its bar at 3:1 or more, in every tone', () => {
    for (const tone of Object.values(trackingTones)) {
      expect(contrastRatio(tone.text, tone.background)).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(tone.bar, tone.background)).toBeGreaterThanOrEqual(3)
      expect(contrastRatio(tone.bar, tone.track)).toBeGreaterThanOrEqual(3)
    }
  })
})

describe('whether the status is only the last known one', () => {
  const enRoute = statusOf(tripStatusCodes.EnRoute)
  const fresh = { status: enRoute, receivedAt: at('09:48'), failed: false, online: true }

  it.each([
    ['fresh', fresh, false],
    ['after a failed poll', { ...fresh, failed: true }, true],
    ['offline', { ...fresh, online: false }, true],
    [
      'failed, but the status is final',
      { ...fresh, failed: true, status: statusOf(tripStatusCodes.DropOff) },
      false,
    ],
    ['failed with no status', { ...fresh, failed: true, status: null }, false],
  ] as const)('%s', (_, view, stale) => {
    expect(statusIsStale(view)).toBe(stale)
  })
})
