import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { OperatorPermission } from '../../src/contract/operatorPassengers'
import type { Passenger, Place } from '../../src/contract/passenger'
import type { Quota, QuotaPeriod } from '../../src/contract/permissions'
import { remainingOn } from '../../src/domain/permissions/quota'
import { tenantDb } from '../../server/db/tenantDb'
import { demoOperatorKey } from '../../server/demo/operatorKeys'
import type { TenantId } from '../../tenants'
import { api, createTestApp, testPort, tokenFor, type TestApp } from './support/app'
import { backends } from './support/database'
import { timeZone } from './support/trips'

type Written = Quota & { passengerId: string }

/** An operator's call with the tenant's demo key (or `key`). */
function operator(
  app: FastifyInstance,
  tenant: TenantId,
  request: { method: 'POST' | 'PUT'; url: string; payload: unknown; key?: string | null },
) {
  const key = request.key === undefined ? demoOperatorKey(tenant) : request.key
  return app.inject({
    method: request.method,
    url: request.url,
    headers: { host: `${tenant}.localhost:${testPort}`, ...(key ? { 'x-api-key': key } : {}) },
    payload: request.payload as object,
  })
}

const month = (startDate: string, endDate: string, figures: Partial<QuotaPeriod> = {}): QuotaPeriod => ({
  startDate,
  endDate,
  totalQuota: 10,
  usedQuota: 0,
  totalExpressQuota: 2,
  usedExpressQuota: 0,
  savedToNext: 0,
  borrowed: 0,
  ...figures,
})

/**
 * A first quarter of 2030: January saves 2 trips on to February, February borrows 1 from March. Left: January
 * 10 - 2 saved - 3 used = 5; February 10 + 2 + 1 borrowed - 1 used = 12; March 10 - 1 lent = 9.
 */
const quarter = (placeIds: string[]): OperatorPermission => ({
  name: 'Testilupa',
  decisionType: 'VPL',
  note: 'Pyörätuoli mukana',
  expressQuotaTimeLimit: 120,
  tripDestinations: 1,
  allowViaPoints: true,
  viaPointMaxDeviation: 2000,
  extras: [{ extraId: 'wheelchair', name: 'Pyörätuoli', selected: true }],
  startDate: '2030-01-01',
  endDate: '2030-03-31',
  periods: [
    month('2030-01-01', '2030-01-31', { usedQuota: 3, usedExpressQuota: 1, savedToNext: 2 }),
    month('2030-02-01', '2030-02-28', { usedQuota: 1, borrowed: 1 }),
    month('2030-03-01', '2030-03-31'),
  ],
  placeGroups: [{ name: 'Koti ja koulu', placeIds }],
  allowedArea: {
    polygon: [
      { latitude: 60.1, longitude: 24.5 },
      { latitude: 60.1, longitude: 24.8 },
      { latitude: 60.3, longitude: 24.8 },
    ],
  },
})

describe.each(backends)('transportation permissions on $name', (backend) => {
  let test: TestApp
  let guardian: string
  let single: string
  let demoGuardian: string
  let passenger: Passenger
  let places: Place[]
  let created: Written
  let today: string

  const quotas = (passengerId: string, date: string, token = guardian, tenant: TenantId = 'espoo') =>
    api(test.app, tenant, token, { url: `/api/passenger/${passengerId}/quotas?date=${date}` })
  const permissions = (passengerId: string, token = guardian, tenant: TenantId = 'espoo') =>
    api(test.app, tenant, token, { url: `/api/passenger/${passengerId}/transportationPermissions` })
  const create = (passengerId: string, payload: unknown, tenant: TenantId = 'espoo', key?: string | null) =>
    operator(test.app, tenant, {
      method: 'POST',
      url: `/api/operator/passengers/${passengerId}/transportationPermissions`,
      payload,
      ...(key === undefined ? {} : { key }),
    })
  const update = (id: string, payload: unknown, tenant: TenantId = 'espoo') =>
    operator(test.app, tenant, {
      method: 'PUT',
      url: `/api/operator/transportationPermissions/${id}`,
      payload,
    })

  beforeAll(async () => {
    test = await createTestApp(backend, { seed: ['espoo', 'demo'] })
    today = Temporal.Now.plainDateISO(timeZone).toString()
    guardian = await tokenFor(test.app, 'espoo', 'guardian', 'demo-guardian-2026')
    single = await tokenFor(test.app, 'espoo', 'single', 'demo-single-2026')
    demoGuardian = await tokenFor(test.app, 'demo', 'guardian', 'demo-guardian-2026')
    passenger = (await api(test.app, 'espoo', guardian, { url: '/api/passenger' })).json<Passenger[]>()[0]!
    places = (await api(test.app, 'espoo', guardian, { url: `/api/passenger/${passenger.id}/places` })).json<
      Place[]
    >()
    const response = await create(passenger.id, quarter([places[1]!.id, places[0]!.id]))
    expect(response.statusCode, response.body).toBe(200)
    created = response.json()
  })
  afterAll(() => test.close())

  describe('the operator writes a permission', () => {
    it('creates it for a passenger of the tenant and answers it as stored, with its passenger', () => {
      expect(created).toMatchObject({
        id: expect.any(String),
        passengerId: passenger.id,
        ...quarter([places[1]!.id, places[0]!.id]),
      })
    })

    it('fills in what an operator may leave out', async () => {
      const response = await create(passenger.id, {
        name: 'Lyhyt',
        decisionType: 'OTHER',
        tripDestinations: 3,
        startDate: '2031-01-01',
        endDate: '2031-01-31',
      })
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({
        note: null,
        expressQuotaTimeLimit: null,
        allowViaPoints: false,
        viaPointMaxDeviation: null,
        extras: [],
        periods: [],
        placeGroups: [],
        allowedArea: null,
        remainingQuota: 0,
        remainingExpressQuota: 0,
      })
    })

    it('replaces it whole: usage, extras, groups and area', async () => {
      const first = (await create(passenger.id, quarter([places[0]!.id]))).json<Written>()
      const replacement = {
        ...quarter([]),
        name: 'Muutettu lupa',
        decisionType: 'SHL',
        periods: [month('2030-01-01', '2030-01-31', { usedQuota: 9 })],
        extras: [{ extraId: 'stairs', name: 'Porrasavustus', selected: false }],
        placeGroups: [],
        allowedArea: null,
      }
      const response = await update(first.id, replacement)
      expect(response.statusCode, response.body).toBe(200)
      expect(response.json()).toMatchObject({ id: first.id, passengerId: passenger.id, ...replacement })
      const read = (await quotas(passenger.id, '2030-01-20')).json<Quota[]>()
      expect(read.find((quota) => quota.id === first.id)).toMatchObject({
        name: 'Muutettu lupa',
        remainingQuota: 1,
        periods: replacement.periods,
        extras: replacement.extras,
        placeGroups: [],
        allowedArea: null,
      })
    })

    it('answers 404 for an unknown permission or passenger, and another tenant’s', async () => {
      const unknown = await update('no-such-permission', quarter([]))
      expect(unknown.statusCode).toBe(404)
      expect(unknown.json()).toMatchObject({ statusCode: 404, code: 'not_found' })
      expect((await update(created.id, quarter([]), 'demo')).statusCode).toBe(404)
      expect((await create('no-such-passenger', quarter([]))).statusCode).toBe(404)
      expect((await create(passenger.id, quarter([]), 'demo')).statusCode).toBe(404)
      expect((await create(passenger.id, quarter([]), 'espoo', 'demo-operator-demo')).statusCode).toBe(401)
      expect((await create(passenger.id, quarter([]), 'espoo', null)).json()).toMatchObject({
        statusCode: 401,
        code: 'invalid_api_key',
      })
    })

    it.each([
      ['trip destinations beyond 5', { tripDestinations: 6 }, 'tripDestinations', undefined],
      ['no name', { name: '' }, 'name', undefined],
      ['a date that does not exist', { endDate: '2030-02-30' }, 'endDate', undefined],
      [
        'negative usage',
        { periods: [month('2030-01-01', '2030-01-31', { usedQuota: -1 })] },
        'periods.0.usedQuota',
        undefined,
      ],
      [
        'an area of two corners',
        {
          allowedArea: {
            polygon: [
              { latitude: 60, longitude: 24 },
              { latitude: 61, longitude: 25 },
            ],
          },
        },
        'allowedArea.polygon',
        undefined,
      ],
      ['an end before the start', { endDate: '2029-12-31', periods: [] }, 'endDate', 'before_start'],
      [
        'overlapping periods',
        { periods: [month('2030-01-01', '2030-01-31'), month('2030-01-31', '2030-02-28')] },
        'periods.1',
        'overlapping',
      ],
      [
        'a period outside the permission',
        { periods: [month('2030-03-01', '2030-04-30')] },
        'periods.0',
        'outside_permission',
      ],
    ])('refuses %s with 400 validation_failed', async (_name, change, property, error) => {
      const response = await create(passenger.id, { ...quarter([]), ...change })
      expect(response.statusCode, response.body).toBe(400)
      expect(response.json()).toEqual({
        statusCode: 400,
        code: 'validation_failed',
        message: expect.any(String),
        errors: expect.arrayContaining([{ property, error: error ?? expect.any(String) }]),
      })
    })

    it('refuses place groups naming places that are not the passenger’s', async () => {
      const other = (await api(test.app, 'espoo', single, { url: '/api/passenger' })).json<Passenger[]>()[0]!
      const othersPlace = (
        await api(test.app, 'espoo', single, { url: `/api/passenger/${other.id}/places` })
      ).json<Place[]>()[0]!
      const response = await create(passenger.id, quarter([places[0]!.id, othersPlace.id, 'no-such-place']))
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        code: 'validation_failed',
        errors: [
          { property: 'placeGroups.0.placeIds.1', error: 'not_found' },
          { property: 'placeGroups.0.placeIds.2', error: 'not_found' },
        ],
      })
    })

    it('writes nothing it refuses', async () => {
      const before = (await permissions(passenger.id)).json<Quota[]>().length
      await create(passenger.id, { ...quarter(['no-such-place']) })
      await update(created.id, { ...quarter([]), periods: [month('2029-01-01', '2029-01-31')] })
      const after = (await permissions(passenger.id)).json<Quota[]>()
      expect(after).toHaveLength(before)
      expect(after.find((quota) => quota.id === created.id)?.periods).toHaveLength(3)
    })
  })

  describe('the passenger’s user reads them', () => {
    it('lists every permission with all its periods and the spec’s fields', async () => {
      const response = await permissions(passenger.id)
      expect(response.statusCode).toBe(200)
      const all = response.json<Quota[]>()
      const mine = all.find((quota) => quota.id === created.id)
      expect(mine).toEqual({
        ...quarter([places[1]!.id, places[0]!.id]),
        id: created.id,
        // What is left today (the server's today in Helsinki).
        ...remainingOn(created.periods, today),
      })
    })

    it.each([
      ['2030-01-01', 5, 1],
      ['2030-01-31', 5, 1],
      ['2030-02-15', 12, 2],
      ['2030-03-31', 9, 2],
    ])('on %s gives the remaining quota of its period', async (date, remaining, express) => {
      const response = await quotas(passenger.id, date)
      expect(response.statusCode).toBe(200)
      const found = response.json<Quota[]>().find((quota) => quota.id === created.id)
      expect(found).toMatchObject({ remainingQuota: remaining, remainingExpressQuota: express })
    })

    it('gives only the permissions valid on the date', async () => {
      const inside = (await quotas(passenger.id, '2030-03-31')).json<Quota[]>()
      expect(inside.every((quota) => quota.startDate <= '2030-03-31' && '2030-03-31' <= quota.endDate)).toBe(
        true,
      )
      expect(inside.map((quota) => quota.id)).toContain(created.id)
      for (const date of ['2029-12-31', '2030-04-01']) {
        const outside = (await quotas(passenger.id, date)).json<Quota[]>()
        expect(outside.map((quota) => quota.id)).not.toContain(created.id)
      }
      expect((await quotas(passenger.id, '1999-01-01')).json()).toEqual([])
    })

    it.each(['tomorrow', '2030-02-30', '30.1.2030', ''])('answers a date of %j with 400', async (date) => {
      const response = await quotas(passenger.id, date)
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({
        statusCode: 400,
        code: 'validation_failed',
        errors: [expect.objectContaining({ property: 'date' })],
      })
    })

    it('answers no date at all with 400', async () => {
      const response = await api(test.app, 'espoo', guardian, {
        url: `/api/passenger/${passenger.id}/quotas`,
      })
      expect(response.statusCode).toBe(400)
      expect(response.json()).toMatchObject({ code: 'validation_failed' })
    })

    it('answers 404 for another user’s passenger and an unknown one, as every passenger call does', async () => {
      for (const response of [
        await permissions(passenger.id, single),
        await quotas(passenger.id, '2030-02-15', single),
        await permissions('no-such-passenger'),
        await quotas('no-such-passenger', '2030-02-15'),
      ]) {
        expect(response.statusCode).toBe(404)
        expect(response.json()).toMatchObject({ statusCode: 404, code: 'not_found' })
      }
      expect((await permissions(passenger.id, 'not-a-token')).statusCode).toBe(401)
    })

    it('keeps a tenant’s permissions invisible from another tenant', async () => {
      expect((await permissions(passenger.id, demoGuardian, 'demo')).statusCode).toBe(404)
      expect((await quotas(passenger.id, '2030-02-15', demoGuardian, 'demo')).statusCode).toBe(404)
      expect(await tenantDb(test.db, 'demo').permissions.find(created.id)).toBeUndefined()
      expect(await tenantDb(test.db, 'espoo').permissions.find(created.id)).toMatchObject({ id: created.id })
      const demoPassenger = (await api(test.app, 'demo', demoGuardian, { url: '/api/passenger' })).json<
        Passenger[]
      >()[0]!
      const demoOwn = (await permissions(demoPassenger.id, demoGuardian, 'demo')).json<Quota[]>()
      expect(demoOwn.map((quota) => quota.id)).not.toContain(created.id)
      expect(demoOwn.length).toBeGreaterThan(0)
    })
  })

  describe('the demo data', () => {
    it('gives every passenger each kind of permission, valid today', async () => {
      const users = [guardian, single]
      for (const token of users) {
        for (const own of (await api(test.app, 'espoo', token, { url: '/api/passenger' })).json<
          Passenger[]
        >()) {
          const valid = (await quotas(own.id, today, token)).json<Quota[]>()
          const seeded = valid.filter((quota) => quota.startDate < '2030-01-01')
          expect(seeded.length).toBeGreaterThanOrEqual(7)
          const kind = (find: (quota: Quota) => boolean) => {
            const found = seeded.find(find)
            expect(found).toBeDefined()
            return found!
          }
          expect(kind((quota) => quota.tripDestinations === 3 && quota.remainingQuota >= 10)).toBeDefined()
          expect(kind((quota) => quota.decisionType === 'VPL').extras.length).toBeGreaterThan(0)
          expect(kind((quota) => quota.decisionType === 'SHL').extras.length).toBeGreaterThan(0)
          expect(kind((quota) => quota.allowViaPoints)).toMatchObject({ viaPointMaxDeviation: 2000 })
          expect(kind((quota) => quota.expressQuotaTimeLimit !== null)).toMatchObject({
            expressQuotaTimeLimit: 120,
            remainingExpressQuota: 1,
          })
          expect(seeded.some((quota) => quota.remainingQuota === 0)).toBe(true)
          const grouped = kind((quota) => quota.tripDestinations === 1)
          const ownPlaces = (
            await api(test.app, 'espoo', token, { url: `/api/passenger/${own.id}/places` })
          ).json<Place[]>()
          const home = ownPlaces.find((place) => place.isHome)!
          expect(grouped.placeGroups[0]?.placeIds).toContain(home.id)
          expect(grouped.allowedArea?.polygon.length).toBeGreaterThanOrEqual(3)
          for (const quota of seeded) {
            expect(quota.periods.some((period) => period.startDate <= today && today <= period.endDate)).toBe(
              true,
            )
          }
        }
      }
    })
  })
})
