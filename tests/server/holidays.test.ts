import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { HolidayView } from '../../src/contract/series'
import { api, createTestApp, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'

/** No table is read: the embedded database is enough. */
const [embedded] = backends.filter((backend) => backend.databaseUrl === null)

describe('GET api/holidays: the Finnish public holidays a series leaves out', () => {
  let test: TestApp
  let token: string

  beforeAll(async () => {
    test = await createTestApp(embedded!, { seed: ['espoo'] })
    token = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
  })
  afterAll(() => test.close())

  const holidays = (from: string, to: string, language: string) =>
    api(test.app, 'espoo', token, {
      url: `/api/holidays?from=${from}&to=${to}`,
      headers: { 'accept-language': language },
    })

  it('names Independence Day, Christmas, Easter and Midsummer across the new year, in Finnish', async () => {
    const response = await holidays('2026-12-01', '2027-06-30', 'fi')
    expect(response.statusCode).toBe(200)
    const list = response.json<HolidayView[]>()
    expect(list).toEqual(
      expect.arrayContaining([
        { date: '2026-12-06', name: 'Itsenäisyyspäivä' },
        { date: '2026-12-25', name: 'Joulupäivä' },
        { date: '2026-12-26', name: 'Tapaninpäivä' },
        { date: '2027-01-01', name: 'Uudenvuodenpäivä' },
        { date: '2027-03-26', name: 'Pitkäperjantai' },
        { date: '2027-03-29', name: 'Toinen pääsiäispäivä' },
        { date: '2027-06-26', name: 'Juhannuspäivä' },
      ]),
    )
    // Only official holidays: Christmas Eve and Midsummer Eve are the user's to take out by hand.
    expect(list.map(({ date }) => date)).not.toContain('2026-12-24')
    expect(list.map(({ date }) => date)).not.toContain('2027-06-25')
    expect(list.map(({ date }) => date)).toEqual(list.map(({ date }) => date).toSorted())
  })

  it('names them in Swedish and English, and only within the span asked', async () => {
    const swedish = (await holidays('2026-12-06', '2026-12-25', 'sv')).json<HolidayView[]>()
    expect(swedish).toEqual([
      { date: '2026-12-06', name: 'Självständighetsdagen' },
      { date: '2026-12-25', name: 'Juldagen' },
    ])
    const english = (await holidays('2026-12-07', '2026-12-31', 'en')).json<HolidayView[]>()
    expect(english).toEqual([
      { date: '2026-12-25', name: 'Christmas Day' },
      { date: '2026-12-26', name: 'Boxing Day' },
    ])
  })

  it('answers 400 to a span that ends before it starts or reaches too far, and 401 without a login', async () => {
    const backwards = await holidays('2026-12-31', '2026-12-01', 'fi')
    expect(backwards.statusCode).toBe(400)
    expect(backwards.json()).toMatchObject({
      code: 'validation_failed',
      errors: [{ property: 'to', error: 'before_from' }],
    })
    const far = await holidays('2026-01-01', '2027-12-31', 'fi')
    expect(far.json()).toMatchObject({ errors: [{ property: 'to', error: 'too_far' }] })
    expect((await holidays('2026-13-01', '2026-12-31', 'fi')).statusCode).toBe(400)
    const anonymous = await api(test.app, 'espoo', null, {
      url: '/api/holidays?from=2026-12-01&to=2026-12-31',
    })
    expect(anonymous.statusCode).toBe(401)
  })
})
