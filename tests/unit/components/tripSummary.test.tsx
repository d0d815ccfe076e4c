import { describe, expect, it } from 'vitest'
import { TripChip } from '../../../src/components/trips/TripChip'
import { TripSummary } from '../../../src/components/trips/TripSummary'
import { chipColors } from '../../../src/components/ui/classes'
import { contrastRatio } from '../../../src/domain/contrast'
import { tripWith } from '../domain/trips/fixtures'
import { render, textOf } from './render'

const timeZone = 'Europe/Helsinki'

describe('TripSummary', () => {
  const trip = tripWith({
    carName: 'Taxi 12',
    startDateTime: '2026-11-21T08:05:00+02:00',
    viaPoints: [
      {
        viaPointAddress: { alias: null, address: 'Kauppatie 3, Espoo', lat: null, lng: null },
        viaPointPlace: null,
        time: null,
        waitTime: 10,
      },
      {
        viaPointAddress: { alias: 'Mummola', address: 'Mummontie 5, Espoo', lat: null, lng: null },
        viaPointPlace: null,
        time: null,
        waitTime: 1,
      },
    ],
  })

  it('shows initials, start time, passenger, chip, car, the route with waits in order', () => {
    const html = render(<TripSummary trip={trip} timeZone={timeZone} />)
    expect(html).toContain('>EJ</span>')
    expect(html).toContain('<time dateTime="2026-11-21T08:05:00+02:00">08:05</time>')
    expect(textOf(html)).toContain(
      'Ella Järvinen Car: Taxi 12 From: Koti, Kotikatu 1, Espoo Via: Kauppatie 3, Espoo (wait 10 minutes) ' +
        'Via: Mummola, Mummontie 5, Espoo (wait 1 minute) To: Koulu, Koulutie 2, Espoo',
    )
  })

  it('uses only phrasing content and no controls, so it fits in a link or a label', () => {
    const html = render(<TripSummary trip={trip} timeZone={timeZone} />)
    expect(html).not.toMatch(/<(div|p|ul|ol|li|h\d|a|button|input)[\s>]/)
  })

  it('shows the status chip in words', () => {
    const aboard = tripWith({ carName: 'Taxi 12', pickupTime: '2026-11-21T10:01:00+02:00' })
    expect(textOf(render(<TripSummary trip={aboard} timeZone={timeZone} />))).toContain('Aboard')
  })

  it('shows a waiting cancellation as pending, never as cancelled', () => {
    const text = textOf(render(<TripSummary trip={trip} timeZone={timeZone} pending="cancel" />))
    expect(text).toContain('Cancellation pending')
    expect(text).not.toContain('Cancelled')
  })

  it('shows a refused cancellation with its translated reason', () => {
    const html = render(
      <TripSummary
        trip={trip}
        timeZone={timeZone}
        cancelRejection={{
          status: 409,
          code: 'trip_not_cancellable',
          errors: [{ property: 'trips.0', error: 'picked_up' }],
        }}
      />,
    )
    expect(textOf(html)).toContain('Cancellation failed: The trip had already started.')
  })
})

describe('TripChip', () => {
  const cases = [
    [{ cancelledAt: '2026-11-20T12:00:00+02:00' }, 'Cancelled'],
    [{ noShowTime: '2026-11-21T10:05:00+02:00', carName: 'Taxi' }, 'No-show'],
    [{ pickupTime: '2026-11-21T10:00:00+02:00', carName: 'Taxi' }, 'Aboard'],
    [
      { pickupTime: '2026-11-21T10:00:00+02:00', dropoffTime: '2026-11-21T10:30:00+02:00', carName: 'Taxi' },
      'Done',
    ],
    [{}, 'Waiting for car'],
  ] as const

  it.each(cases)('shows %o as %s', (overrides, label) => {
    expect(textOf(render(<TripChip trip={tripWith(overrides)} />))).toBe(label)
  })

  it.each([[{ carName: 'Taxi' }], [{ dropoffTime: '2026-11-21T10:30:00+02:00', carName: 'Taxi' }]] as const)(
    'shows no chip for %o, which no row of the spec’s table matches',
    (overrides) => {
      expect(render(<TripChip trip={tripWith(overrides)} />)).toBe('')
    },
  )

  it('shows a waiting cancellation as pending on a trip that has no chip', () => {
    expect(textOf(render(<TripChip trip={tripWith({ carName: 'Taxi' })} pending="cancel" />))).toBe(
      'Cancellation pending',
    )
  })

  it('keeps a confirmed cancellation as cancelled even with a command still listed', () => {
    const trip = tripWith({ cancelledAt: '2026-11-20T12:00:00+02:00' })
    expect(textOf(render(<TripChip trip={trip} pending="cancel" />))).toBe('Cancelled')
  })

  it('gives every status its own colour, each readable at 4.5:1 or more', () => {
    const backgrounds = Object.values(chipColors).map((color) => color.background)
    expect(new Set(backgrounds).size).toBe(backgrounds.length)
    for (const color of Object.values(chipColors)) {
      expect(contrastRatio(color.text, color.background)).toBeGreaterThanOrEqual(4.5)
    }
  })
})
