// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest'
import { elementsByTag, textOf } from './support/text'
import { fakePlatform, mountScreen, waitForText, type MountedScreen } from './support/mount'
import { dayFromToday, shownDate, tripOn } from './support/data'
import { account, passengerOf } from '../db/samples'

let screen: MountedScreen | null = null
afterEach(async () => {
  await screen?.unmount()
  screen = null
})

const anna = passengerOf('p1', 'Anna Aalto', 'AA')
const ville = passengerOf('p2', 'Ville Virtanen', 'VV')

describe('the passengers screen', { timeout: 20_000 }, () => {
  it('lists the passengers by name, each with their initials and next trip', async () => {
    const tomorrow = dayFromToday(1)
    const platform = await fakePlatform({
      account,
      passengers: [ville, anna],
      places: {},
      trips: {
        p1: [
          tripOn('t2', anna, dayFromToday(3), ['08:15', '08:45']),
          tripOn('t1', anna, tomorrow, ['10:00', '10:30']),
        ],
      },
    })
    screen = await mountScreen(platform, '/passengers')
    await waitForText(screen, 'Next trip')
    const items = elementsByTag(screen.main(), 'li').map(textOf)
    expect(items).toEqual([
      `AA Anna Aalto Next trip: ${shownDate(tomorrow)} at 10:00 Edit initials : Anna Aalto`,
      'VV Ville Virtanen No upcoming trips Edit initials : Ville Virtanen',
    ])
    expect(elementsByTag(screen.main(), 'h1').map(textOf)).toEqual(['Passengers'])
  })

  it('says how to add one when there are none', async () => {
    const platform = await fakePlatform({ account, passengers: [], places: {}, trips: {} })
    screen = await mountScreen(platform, '/passengers')
    const text = await waitForText(screen, 'You have no passengers yet.')
    expect(text).toContain('Add passenger')
    expect(elementsByTag(screen.main(), 'li')).toEqual([])
  })
})
