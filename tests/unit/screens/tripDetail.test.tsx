// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { elementsByTag, textOf } from './support/text'
import { fakePlatform, mountScreen, waitForText } from './support/mount'
import { anna, dayFromToday, shownDate, tripOn } from './support/data'
import { account } from '../db/samples'

const tomorrow = dayFromToday(1)

async function annasTrip() {
  return fakePlatform({
    account,
    passengers: [anna],
    places: {},
    trips: {
      p1: [
        tripOn('t1', anna, tomorrow, ['10:00', '10:30'], {
          carName: 'Taxi 12',
          carRegisterNumber: 'ABC-123',
          driverName: 'Matti Meikäläinen',
          note: 'Wheelchair',
        }),
        tripOn('t2', anna, tomorrow, ['15:00', '15:30']),
      ],
    },
  })
}

describe('the trip detail screen', { timeout: 20_000 }, () => {
  it('shows the trip the address names: passenger, times, route, car, driver and note', async () => {
    const screen = await mountScreen(await annasTrip(), `/trips/t1/${tomorrow}`)
    // The cancel button shows once the outbox has been read too.
    const text = await waitForText(screen, 'Cancel trip')
    expect(elementsByTag(screen.main(), 'h1').map(textOf)).toEqual(['Trip details'])
    expect(text).toContain(`AA Anna Aalto ${shownDate(tomorrow)} 10:00–10:30`)
    expect(text).toContain('Route 10:00 From Koti, Kotikatu 1, Espoo 10:30 To Koulu, Koulutie 2, Espoo')
    expect(text).toContain('Car Taxi 12 Registration number ABC-123')
    expect(text).toContain('Driver Matti Meikäläinen')
    expect(text).toContain('Note Wheelchair')
    expect(text).not.toContain('15:00')
  })

  it('says so when the local data has no such trip', async () => {
    const screen = await mountScreen(await annasTrip(), `/trips/t9/${tomorrow}`)
    const text = await waitForText(screen, 'Trip not found.')
    expect(text).not.toContain('Anna Aalto')
  })
})
