import { Temporal } from 'temporal-polyfill'
import { describe, expect, it } from 'vitest'
import { TrackingPanel } from '../../../src/components/tracking/TrackingPanel'
import { trackingTones } from '../../../src/components/tracking/trackingTones'
import { statusAgeMinutes } from '../../../src/components/tracking/TripTracking'
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

const panel = (status: TripStatus, options: { ageMinutes?: number | null; at?: Temporal.Instant } = {}) =>
  render(
    <TrackingPanel
      trip={trip}
      status={status}
      ageMinutes={options.ageMinutes ?? null}
      now={options.at ?? now}
      timeZone={timeZone}
    />,
  )

describe('TrackingPanel', () => {
  it('shows EnRoute in orange with its estimated departure, the minutes left and a progress bar', () => {
    const html = panel(statusOf(tripStatusCodes.EnRoute, { etd: at('10:02') }))
    expect(textOf(html)).toBe('Tracking Estimated departure 10:02 10 minutes left')
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
    expect(textOf(html)).toBe('Tracking Estimated arrival 10:27 1 minute left')
    expect(html).toContain(`background-color:${trackingTones.green.background}`)
  })

  it('shows DropOff as ended, full and without a countdown', () => {
    const html = panel(statusOf(tripStatusCodes.DropOff, { ata: at('10:31') }))
    expect(textOf(html)).toBe('Tracking Trip ended at 10:31')
    expect(html).toMatch(/aria-valuenow="100" aria-valuetext="Trip ended at 10:31"/)
  })

  it('shows NoShow in red and other statuses as Unknown', () => {
    expect(textOf(panel(statusOf(tripStatusCodes.NoShow)))).toBe('Tracking No-show')
    expect(panel(statusOf(tripStatusCodes.NoShow))).toContain(
      `background-color:${trackingTones.red.background}`,
    )
    expect(textOf(panel(statusOf(tripStatusCodes.CarWaiting)))).toBe('Tracking Unknown 8 minutes left')
  })

  it('says how old the status is when it could not be renewed', () => {
    const html = panel(statusOf(tripStatusCodes.EnRoute, { etd: at('10:02') }), { ageMinutes: 3 })
    expect(textOf(html)).toContain('10 minutes left Updated 3 minutes ago')
  })

  it('reads at 4.5:1 or more and shows its bar at 3:1 or more, in every tone', () => {
    for (const tone of Object.values(trackingTones)) {
      expect(contrastRatio(tone.text, tone.background)).toBeGreaterThanOrEqual(4.5)
      expect(contrastRatio(tone.bar, tone.background)).toBeGreaterThanOrEqual(3)
      expect(contrastRatio(tone.bar, tone.track)).toBeGreaterThanOrEqual(3)
    }
  })
})

describe('the age of the last status', () => {
  const enRoute = statusOf(tripStatusCodes.EnRoute)
  const fresh = { status: enRoute, receivedAt: at('09:48'), failed: false, online: true }

  it.each([
    ['fresh', fresh, null],
    ['after a failed poll', { ...fresh, failed: true }, 4],
    ['offline', { ...fresh, online: false }, 4],
    [
      'failed, but the status is final',
      { ...fresh, failed: true, status: statusOf(tripStatusCodes.DropOff) },
      null,
    ],
    ['failed before any answer', { ...fresh, failed: true, receivedAt: null }, null],
  ] as const)('%s', (_, view, age) => {
    expect(statusAgeMinutes(view, now)).toBe(age)
  })
})
