import { randomBytes } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { Temporal } from 'temporal-polyfill'
import { operatorEndpoints as api } from '../../src/contract/operator'
import { operatorChange } from '../../src/contract/operatorChanges'
import { tripStatusCodes } from '../../src/contract/trip'
import { startWebhookReceiver, type WebhookReceiver } from '../server/support/webhookReceiver'
import { expect, test as base } from './support/fixtures'
import { startIdentityBroker } from './support/identityBroker'
import { operatorApi, type OperatorApi } from './support/operatorApi'
import { installed } from './support/portal'
import { freePort, startServer } from './support/server'

const tenant = 'espoo'
const timeZone = 'Europe/Helsinki'

/** A portal as an operator runs it: DEMO=false, nothing seeded, the operator's key and an identity broker. */
interface ProductionPortal {
  /** The tenant's portal root, http://localhost:{port}/espoo. */
  root: string
  /** The operator's system, with the tenant's key. */
  operator: OperatorApi
  /**
   * The dispatch system's webhook receiver: an HTTPS server of the test's own, reached by its public name
   * through the server's own outbound address policy (tests/support/standInNetwork.mjs).
   */
  receiver: WebhookReceiver
}

const test = base.extend<object, { production: ProductionPortal }>({
  production: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
    async ({}, use) => {
      const port = await freePort()
      const broker = await startIdentityBroker(port)
      const receiver = await startWebhookReceiver()
      const network = receiver.childProcess()
      const key = randomBytes(24).toString('base64url')
      const server = await startServer(
        {
          PORT: String(port),
          DEMO: 'false',
          EMAIL: 'off',
          OPERATOR_API_KEYS: `${tenant}=${key}`,
          ...broker.env,
          ...network.env,
        },
        network.nodeArgs,
      )
      const root = `${server.origin}/${tenant}`
      await use({ root, operator: operatorApi(root, key), receiver })
      await server.stop()
      await receiver.close()
      await broker.close()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
})

const passengerRef = 'ESP-1001'
const home = {
  alias: 'Home',
  address: 'Kirkkojärventie 6, 02770 Espoo',
  latitude: 60.2061,
  longitude: 24.6558,
}
const school = {
  alias: 'School',
  address: 'Kirkkokatu 16, 02770 Espoo',
  latitude: 60.2044,
  longitude: 24.6627,
}
const tripAddress = (place: typeof home) => ({
  alias: place.alias,
  address: place.address,
  lat: place.latitude,
  lng: place.longitude,
})

/** Next week's weekdays (from tomorrow when today is Sunday): days whose trips are all still to come. */
function nextSchoolWeek(): Temporal.PlainDate[] {
  const today = Temporal.Now.plainDateISO(timeZone)
  const monday = today.add({ days: 8 - today.dayOfWeek })
  return [0, 1, 2, 3, 4].map((days) => monday.add({ days }))
}

/** The number guardians are told to call: fictional. */
const dispatchPhone = '+358 9 4242 4242'

/** Hours and minutes of an instant in the tenant's zone, as the portal writes them (07:12). */
const clockOf = (instant: Temporal.Instant) =>
  instant.toZonedDateTimeISO(timeZone).toPlainTime().toString({ smallestUnit: 'minute' })

test('an operator loads a passenger with DEMO=false, a guardian signs in and sees its week, cancels offline and is told when dispatch received it, loses it, and the end cancels the week', async ({
  page,
  context,
  production,
  expectAccessible,
}) => {
  const { root, operator, receiver } = production
  const week = nextSchoolWeek()
  const tripIds = week.map((day) => `${passengerRef}-${day.toString()}-am`)

  const { passenger, code, secret } =
    await test.step('the operator loads a passenger, its places, permission, code and week', async () => {
      const passenger = await operator.call(api.upsertPassenger, {
        params: { ref: passengerRef },
        body: { name: 'Eetu Esimerkki', language: 'fi' },
      })
      await operator.call(api.upsertPlace, {
        params: { id: passenger.id, ref: 'home' },
        body: { ...home, isHome: true, isPickup: true },
      })
      await operator.call(api.upsertPlace, {
        params: { id: passenger.id, ref: 'school' },
        body: { ...school, isMain: true },
      })
      const [startDate, endDate] = [week[0]!.toString(), week[4]!.add({ months: 6 }).toString()]
      await operator.call(api.upsertPermissionByRef, {
        params: { ref: `${passengerRef}-school` },
        body: {
          passengerRef,
          name: 'School transport',
          decisionType: 'OTHER',
          tripDestinations: 1,
          startDate,
          endDate,
          periods: [
            {
              startDate,
              endDate,
              totalQuota: 400,
              usedQuota: 0,
              totalExpressQuota: 0,
              usedExpressQuota: 0,
              savedToNext: 0,
              borrowed: 0,
            },
          ],
          placeGroups: [{ name: 'Home and school', placeRefs: ['home', 'school'] }],
        },
      })
      const { code } = await operator.call(api.createAccessCode, { params: { id: passenger.id }, body: {} })
      const webhook = await operator.call(api.putWebhook, { body: { url: receiver.url } })
      await operator.call(api.putDispatchSettings, {
        body: { acknowledges: true, acknowledgeByMinutes: 30, phone: dispatchPhone },
      })
      for (const [index, day] of week.entries()) {
        const start = day.toZonedDateTime({ timeZone, plainTime: '07:45' })
        await operator.call(api.appendTripEvent, {
          params: { id: tripIds[index]! },
          body: {
            type: 'booked',
            passengerRef,
            start: start.toInstant().toString(),
            end: start.add({ minutes: 30 }).toInstant().toString(),
            startAddress: tripAddress(home),
            endAddress: tripAddress(school),
            startPlaceRef: 'home',
            endPlaceRef: 'school',
          },
        })
      }
      return { passenger, code, secret: webhook.secret! }
    })

  await test.step('a new user signs in strongly, adds the passenger with the code and sees the week', async () => {
    await page.goto(`${root}/passengers?lang=en`)
    await page.getByRole('button', { name: 'Login', exact: true }).click()
    await page.getByRole('link', { name: 'Log in with strong authentication' }).click()
    await page.getByRole('button', { name: 'Identify as Mikko Nieminen' }).click()
    await expect(page).toHaveURL(`${root}/passengers?lang=en`)
    await expect(page.getByText('You have no passengers yet.')).toBeVisible()
    await page.getByRole('button', { name: 'Add passenger' }).click()
    const dialog = page.getByRole('dialog', { name: 'Add passenger' })
    await dialog.getByLabel('Access code').fill(code)
    await dialog.getByRole('button', { name: 'Add', exact: true }).click()
    await expect(dialog).toBeHidden()
    const passengers = page.getByRole('main').getByRole('listitem')
    await expect(passengers).toHaveCount(1)
    await expect(passengers).toContainText('Eetu Esimerkki')

    // The list opens on the first day with trips; each day of the week has its one trip, and no other day any.
    await page.goto(`${root}/trips?lang=en`)
    const trips = page.getByRole('main').getByRole('listitem')
    const next = page.getByRole('link', { name: /Next day with trips/ })
    await expect(page.getByRole('link', { name: /Previous day with trips/ })).toHaveCount(0)
    for (const [index, day] of week.entries()) {
      if (index > 0) {
        await next.click()
        await expect(page).toHaveURL(new RegExp(`date=${day.toString()}`))
      }
      await expect(trips).toHaveCount(1)
      await expect(trips.locator(`a[href$="/trips/${tripIds[index]}/${day.toString()}"]`)).toBeVisible()
      await expect(trips).toContainText('School')
      if (index === 0) await expectAccessible()
    }
    await expect(next).toHaveCount(0)
  })

  await test.step('the guardian cancels a trip offline; back online dispatch hears it once, acknowledges it, and the guardian sees when', async () => {
    const [tripId, day] = [tripIds[0]!, week[0]!.toString()]
    // The webhook has told of the passenger added too: this step is about cancellations.
    const cancellations = () =>
      receiver.received.filter(
        (request) => (JSON.parse(request.body) as { type: string }).type === 'trip.cancelled',
      )
    await installed(page)
    await page.goto(`${root}/trips/${tripId}/${day}?lang=en`)
    const cancel = page.getByRole('button', { name: 'Cancel trip' })
    await expect(cancel).toBeVisible()
    await context.setOffline(true)
    await cancel.click()
    const dialog = page.getByRole('dialog', { name: 'Cancel trip' })
    await dialog.getByLabel('Reason for cancellation').fill('Kuumetta')
    await dialog.getByRole('button', { name: 'Cancel trip' }).click()
    await expect(dialog).toBeHidden()
    // Pending, never done, while offline: the header's badge and the status region's notice.
    await expect(page.getByText('Cancellation pending').first()).toBeVisible()
    expect(cancellations()).toEqual([])

    await context.setOffline(false)
    await expect(
      page.getByText('Waiting for the transport service to confirm the cancellation.'),
    ).toBeVisible()
    await expect.poll(() => cancellations().map((request) => request.status)).toEqual([200])
    const [sent] = cancellations()
    const headers = Object.fromEntries(
      Object.entries(sent!.headers).map(([name, value]) => [name, String(value)]),
    )
    // As a dispatch system verifies it: the Standard Webhooks library, with the secret the operator was given.
    const change = operatorChange.parse(new Webhook(secret).verify(sent!.body, headers))
    expect(change).toMatchObject({
      id: headers['webhook-id'],
      type: 'trip.cancelled',
      data: {
        passenger: { id: passenger.id, ref: passengerRef },
        trip: { id: tripId, date: day },
        source: 'detail',
        reason: 'Kuumetta',
      },
    })
    const feed = await operator.call(api.listChanges, { query: { types: 'trip.cancelled' } })
    expect(feed.changes.map((listed) => listed.id)).toEqual([change.id])

    const at = Temporal.Now.instant().round({ smallestUnit: 'second' })
    await operator.call(api.acknowledgeChange, {
      params: { id: change.id },
      body: { outcome: 'applied', at: at.toString() },
    })
    await page.reload()
    await expect(page.getByText(`Received by the transport service at ${clockOf(at)}`)).toBeVisible()
    await expectAccessible()
    // Delivered once: no second request, so one webhook-id.
    expect(cancellations()).toHaveLength(1)
  })

  await test.step('a cancellation not received by its deadline tells the guardian to call', async () => {
    // A trip in 20 minutes: its deadline, 30 minutes before the pickup, has passed when it is cancelled.
    const start = Temporal.Now.instant()
      .add({ minutes: 20 })
      .round({ smallestUnit: 'minute', roundingMode: 'ceil' })
    const soonId = `${passengerRef}-soon`
    await operator.call(api.appendTripEvent, {
      params: { id: soonId },
      body: {
        type: 'booked',
        passengerRef,
        start: start.toString(),
        end: start.add({ minutes: 30 }).toString(),
        startAddress: tripAddress(home),
        endAddress: tripAddress(school),
      },
    })
    const date = start.toZonedDateTimeISO(timeZone).toPlainDate().toString()
    await page.goto(`${root}/trips/${soonId}/${date}?lang=en`)
    await page.getByRole('button', { name: 'Cancel trip' }).click()
    const dialog = page.getByRole('dialog', { name: 'Cancel trip' })
    await dialog.getByLabel('Reason for cancellation').fill('Jäi kotiin')
    await dialog.getByRole('button', { name: 'Cancel trip' }).click()
    await expect(dialog).toBeHidden()
    const alert = page.getByRole('alert').filter({ hasText: 'has not confirmed the cancellation' })
    await expect(alert).toContainText(`Call ${dispatchPhone} so that the car does not come.`)
    await expect(alert.getByRole('link', { name: dispatchPhone })).toHaveAttribute('href', /^tel:/)
    await expectAccessible()
  })

  await test.step('the operator takes the passenger away from the user, whose next load has none', async () => {
    const guardians = await operator.call(api.listGuardians, { params: { id: passenger.id } })
    expect(guardians).toEqual([
      expect.objectContaining({ name: 'Mikko Nieminen', strongAuthentication: true }),
    ])
    await operator.call(api.removeGuardian, { params: { id: passenger.id, userId: guardians[0]!.userId } })
    // The trips screen's next load: the passenger's trips are gone, and then the passenger itself.
    await page.goto(`${root}/trips?lang=en`)
    await expect(page.getByText('No trips', { exact: true })).toBeVisible()
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(0)
    await page.goto(`${root}/passengers?lang=en`)
    await expect(page.getByText('You have no passengers yet.')).toBeVisible()
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(0)
  })

  await test.step("the operator ends the passenger, and the rest of the week's trips are cancelled", async () => {
    const end = await operator.call(api.endPassenger, {
      params: { id: passenger.id },
      body: { reason: 'Moved out of Espoo' },
    })
    // The first was cancelled by its guardian.
    expect(end.cancelledTrips).toBe(week.length - 1)
    for (const id of tripIds.slice(1)) {
      const trip = await operator.call(api.getTrip, { params: { id } })
      expect(trip).toMatchObject({
        tripId: id,
        statusCode: tripStatusCodes.Cancelled,
        cancelReason: 'Moved out of Espoo',
        cancelledByUserId: null,
      })
    }
  })
})
