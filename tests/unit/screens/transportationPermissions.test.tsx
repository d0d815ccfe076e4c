// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import type { Quota } from '../../../src/contract'
import { elementsByTag, textOf } from './support/text'
import { fakePlatform, mountScreen, waitForText } from './support/mount'
import { anna, shownDate, ville } from './support/data'
import { account, monthAround, permissionOf } from '../db/samples'

const [last, current, next] = [monthAround(-1), monthAround(0), monthAround(1)]
const span = ({ startDate, endDate }: { startDate: string; endDate: string }) =>
  `${shownDate(startDate)}–${shownDate(endDate)}`

/** 18 trips a month; last month saved 2 on to this one, which has used 4: 16 left. */
const errands = permissionOf('q1', 'Asiointimatkat', {
  periods: permissionOf('q1', 'Asiointimatkat').periods.map((period) =>
    period.startDate === last.startDate
      ? { ...period, savedToNext: 2 }
      : period.startDate === current.startDate
        ? { ...period, usedQuota: 4 }
        : period,
  ),
})

/** VPL with extras, via points up to 2.5 km, and express trips with 1 of 3 left this month. */
const disability: Quota = permissionOf('q2', 'Vammaispalvelulain kuljetuspalvelu', {
  decisionType: 'VPL',
  note: 'Saattaja saa matkustaa mukana maksutta.',
  tripDestinations: 2,
  allowViaPoints: true,
  viaPointMaxDeviation: 2500,
  expressQuotaTimeLimit: 120,
  extras: [
    { extraId: 'e1', name: 'Pyörätuoli', selected: true },
    { extraId: 'e2', name: 'Opaskoira', selected: false },
  ],
  periods: permissionOf('q2', 'Vammaispalvelulain kuljetuspalvelu').periods.map((period) => ({
    ...period,
    totalExpressQuota: 3,
    usedExpressQuota: period.startDate === current.startDate ? 2 : 0,
  })),
})

/** A tenant that offers the permissions screens (espoo, the default of the screen tests, does not). */
const permissionsTenant = 'kulkukeskus'

async function guardian() {
  return fakePlatform(
    {
      account,
      passengers: [ville, anna],
      places: {},
      trips: {},
      permissions: { p1: [disability, errands], p2: [] },
    },
    permissionsTenant,
  )
}

async function clickLink(text: string) {
  await vi.waitFor(() => {
    const link = elementsByTag(document.body, 'a').find((candidate) => textOf(candidate) === text)
    if (!link) throw new Error(`No link ${text}`)
    ;(link as HTMLAnchorElement).click()
  })
}

describe('the transportation permissions screens', { timeout: 20_000 }, () => {
  it('has the guardian choose a passenger first, then lists their permissions by name', async () => {
    const screen = await mountScreen(await guardian(), '/transportationPermissions')
    await waitForText(screen, 'Whose transportation permissions do you want to see?')
    expect(elementsByTag(screen.main(), 'li').map(textOf)).toEqual(['AA Anna Aalto', 'VV Ville Virtanen'])

    await clickLink('AA Anna Aalto')
    const text = await waitForText(screen, 'Trips left this period: 16')
    expect(elementsByTag(screen.main(), 'h2').map(textOf)).toEqual(['Anna Aalto'])
    const valid = `Valid ${shownDate(last.startDate)}–${shownDate(next.endDate)}`
    expect(elementsByTag(screen.main(), 'li').map(textOf)).toEqual([
      `Asiointimatkat Other decision ${valid} Trips left this period: 16 View : Asiointimatkat`,
      `Vammaispalvelulain kuljetuspalvelu Disability Services Act (VPL) ${valid} Trips left this period: 18 View : Vammaispalvelulain kuljetuspalvelu`,
    ])
    expect(text).toContain('Choose another passenger')
  })

  it('says so when the chosen passenger has no permissions', async () => {
    const screen = await mountScreen(await guardian(), `/transportationPermissions?passenger=${ville.id}`)
    await waitForText(screen, 'Ville Virtanen has no transportation permissions.')
    expect(elementsByTag(screen.main(), 'li')).toEqual([])
  })

  it('goes straight to the permissions of the only passenger', async () => {
    const platform = await fakePlatform(
      {
        account,
        passengers: [anna],
        places: {},
        trips: {},
        permissions: { p1: [errands] },
      },
      permissionsTenant,
    )
    const screen = await mountScreen(platform, '/transportationPermissions')
    const text = await waitForText(screen, 'Trips left this period: 16')
    expect(text).not.toContain('Choose another passenger')
    expect(text).not.toContain('Whose transportation permissions')
  })

  it('shows a permission’s details in the View dialog: periods, express quota, extras, destinations, via points', async () => {
    const screen = await mountScreen(await guardian(), `/transportationPermissions?passenger=${anna.id}`)
    await waitForText(screen, 'Vammaispalvelulain kuljetuspalvelu')
    const view = elementsByTag(screen.main(), 'button').find(
      (button) => textOf(button) === 'View : Vammaispalvelulain kuljetuspalvelu',
    )
    ;(view as HTMLButtonElement).click()
    const dialog = await vi.waitFor(() => {
      const found = document.querySelector('[role="dialog"]')
      if (!found || !textOf(found).includes('Periods')) throw new Error('The dialog has not opened')
      return found
    })
    const text = textOf(dialog)
    expect(elementsByTag(dialog as HTMLElement, 'h2').map(textOf)).toEqual([
      'Vammaispalvelulain kuljetuspalvelu',
    ])
    expect(text).toContain('Decision Disability Services Act (VPL)')
    expect(text).toContain('Trips left this period 18')
    expect(text).toContain(
      'Express trips 1 left this period (a trip departing within 120 minutes of booking)',
    )
    expect(text).toContain('Destinations The passenger’s own places')
    expect(text).toContain('Via points Allowed, the route at most 2.5 km longer')
    expect(text).toContain('Extras Pyörätuoli (chosen by default) Opaskoira')
    expect(text).toContain('Note Saattaja saa matkustaa mukana maksutta.')
    expect(text).toContain(
      `${span(current)} (current period) Trips 18 Used 0 Left 18 Saved to next period 0 Borrowed from next period 0 Express trips used 2 of 3`,
    )
    expect(text).toContain(`${span(next)} Trips 18`)
  })

  it('opens a permission as a page from its name, with what is left after the saved trips', async () => {
    const screen = await mountScreen(await guardian(), `/transportationPermissions?passenger=${anna.id}`)
    await clickLink('Asiointimatkat')
    const text = await waitForText(screen, 'Periods')
    expect(elementsByTag(screen.main(), 'h1').map(textOf)).toEqual(['Transportation permission'])
    expect(elementsByTag(screen.main(), 'h2').map(textOf)).toEqual([
      'Asiointimatkat',
      'Permission',
      'Periods',
    ])
    expect(text).toContain('Anna Aalto')
    expect(text).toContain('Trips left this period 16')
    expect(text).toContain('Express trips None')
    expect(text).toContain('Via points Not allowed')
    expect(text).toContain(`${span(last)} Trips 18 Used 0 Left 16 Saved to next period 2`)
    expect(text).toContain(`${span(current)} (current period) Trips 18 Used 4 Left 16`)
  })

  it('says so when the local data has no such permission', async () => {
    const screen = await mountScreen(await guardian(), `/transportationPermissions/${anna.id}/q9`)
    const text = await waitForText(screen, 'Transportation permission not found.')
    expect(text).not.toContain('Periods')
  })

  it('is a page that does not exist on a tenant without permissions', async () => {
    const platform = await fakePlatform({
      account,
      passengers: [anna],
      places: {},
      trips: {},
      permissions: {},
    })
    const screen = await mountScreen(platform, '/transportationPermissions')
    const text = await waitForText(screen, 'The page you were looking for does not exist.')
    expect(text).not.toContain('Trips left')
  })
})
