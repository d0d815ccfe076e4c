// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { elementsByTag, textOf } from './support/text'
import { fakePlatform, mountScreen, waitForText } from './support/mount'
import { anna, dayFromToday, shownDate, tripOn, ville } from './support/data'
import { account } from '../db/samples'

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
    const screen = await mountScreen(platform, '/passengers')
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
    const screen = await mountScreen(platform, '/passengers')
    const text = await waitForText(screen, 'You have no passengers yet.')
    expect(text).toContain('Add passenger')
    expect(elementsByTag(screen.main(), 'li')).toEqual([])
  })
})
