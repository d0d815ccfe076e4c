import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Temporal } from 'temporal-polyfill'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { shellDate } from '../../../src/domain/dateDisplay'
import { regions } from '../../../server/demo/regions'
import { tenants } from '../../../tenants'
import { operatorThread } from '../../e2e/support/messages'
import { startServer, type RunningServer } from '../../e2e/support/server'
import { operatorTrackingLink } from '../../e2e/support/trips'
import { buildTestArchive, testArchiveAttribution } from '../../support/pmtilesArchive'
import { axeViolations, waitForElement, waitForText, waitUntil, type EngineDriver } from './driver'
import { openServerGate, type ServerGate } from './serverGate'
import { futureOf, serverTrips } from './serverTrips'
import { expectArchiveStreets, watchResources } from './streetMap'

const tenant = 'demo'
const batches = (gate: ServerGate) =>
  gate.passed.filter((request) => request.startsWith('POST /api/command/batch'))

/**
 * The core journeys, the same in every engine: one server, one gate in front of it and one browser for them
 * all, in order (each goes on from where the one before left the signed-in browser).
 */
export function describeJourneys(engine: string, launch: () => Promise<EngineDriver>): void {
  describe(`the core journeys in ${engine}`, () => {
    let server: RunningServer
    let gate: ServerGate
    let browser: EngineDriver
    let archiveFolder: string
    const url = (path: string) => `${gate.tenantOrigin(tenant)}${path}`
    const firstFutureTrip = async () => futureOf(await serverTrips(server, tenant, browser))[0]!
    /**
     * Opens a screen through the portal's own link to it, as a user does: a page load in the middle of the
     * portal's IndexedDB work is what WebKit's fault needs (docs/architecture.md), and a user moves by links.
     */
    const follow = async (path: string) => {
      await waitForElement(browser, `a[href="${path}"]`)
      await browser.click(`a[href="${path}"]`)
      await waitUntil(browser, path, '(path) => location.pathname === path', [path])
    }
    /** The CSS of the control a label names (`<label for>`), once it shows, as a user finds a field by its label. */
    const labelled = async (label: string) => {
      const find =
        '(text) => { const labels = [...document.querySelectorAll("label[for]")]; return (labels.find((label) => label.textContent.trim() === text) ?? labels.find((label) => label.textContent.trim().startsWith(text)))?.htmlFor ?? null }'
      await waitUntil(browser, `a field labelled "${label}"`, `(text) => (${find})(text) !== null`, [label])
      return `[id="${await browser.run<string>(find, label)}"]`
    }
    /** Sets a field's value as the browser does when it is picked or cleared (React hears an input event). */
    const fill = (css: string, value: string) =>
      browser.run(
        '(css, value) => { const input = document.querySelector(css); Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set.call(input, value); input.dispatchEvent(new Event("input", { bubbles: true })); return true }',
        css,
        value,
      )
    const next = async (step: number, title: string) => {
      await waitForElement(browser, 'button', 'Next')
      await browser.click('button', 'Next')
      await waitForText(browser, `Step ${step}: ${title}`)
    }
    /**
     * Opens a trip from the trips list (through the bottom navigation), going on day by day with the list's own
     * arrow until it shows the trip.
     */
    const openTrip = async (trip: { id: string; date: string }) => {
      const link = `a[href="/trips/${trip.id}/${trip.date}"]`
      const shown = () => browser.run<boolean>('(css) => document.querySelector(css) !== null', link)
      await follow('/trips')
      await waitForElement(browser, 'main a[href*="/trips/"]')
      for (let day = 0; day < 14 && !(await shown()); day++) {
        const before = await browser.run<string>('() => location.search')
        await browser.click('a[aria-label^="Next day with trips"]')
        await waitUntil(browser, 'the next day', '(before) => location.search !== before', [before])
      }
      await follow(`/trips/${trip.id}/${trip.date}`)
    }

    /** Waits until the service worker controls the page: its first install claims the page it came with. */
    const serviceWorkerInControl = (driver: EngineDriver) =>
      waitUntil(driver, 'the service worker in control', '() => navigator.serviceWorker.controller !== null')
    /**
     * Signs `driver` in as the guardian and waits, as a user does, until the landing page shows what the first
     * pull brought: in WebKit, a page left within a second of its first start can leave the user's database
     * unable to open until the browser restarts (docs/architecture.md).
     */
    const signIn = async (driver: EngineDriver) => {
      await driver.goto(url('/?lang=en'))
      await waitForElement(driver, 'button', 'Login')
      // A user reads the page before choosing Login; a driver does not. In WebKitGTK, leaving the first page
      // between the service worker's script arriving and its install starting leaves that worker installing for
      // good, through later pages too (3 of 10 sign-ins at once, none of 10 after this wait): never offline.
      await serviceWorkerInControl(driver)
      await driver.click('button', 'Login')
      await waitForElement(driver, '#username')
      await driver.type('#username', 'guardian')
      await driver.type('#password', 'demo-guardian-2026')
      await driver.click('form[method="post"] button[type="submit"]')
      await waitUntil(driver, 'the landing page', '() => location.pathname.endsWith("/booking")')
      await waitForText(driver, 'Who is travelling?')
      // The bottom navigation, whose links the journeys follow, comes with the signed-in shell's own chunk.
      await waitForElement(driver, 'a[href="/messages"]')
    }

    beforeAll(async () => {
      // The street map of the portal's own tile archive (MAP_TILES_PATH), one the test builds of the demo's town.
      archiveFolder = mkdtempSync(join(tmpdir(), 'engine-map-'))
      const archive = join(archiveFolder, 'town.pmtiles')
      writeFileSync(archive, buildTestArchive([regions[tenant]]))
      server = await startServer({
        DEMO_SIMULATOR: 'off',
        DEMO_APPROVAL_DELAY_MS: '1000',
        MAP_TILES_PATH: archive,
      })
      gate = await openServerGate(server)
      browser = await launch()
    })
    afterAll(async () => {
      await browser?.close()
      await gate?.stop()
      await server?.stop()
      if (archiveFolder) rmSync(archiveFolder, { recursive: true, force: true })
    })

    it('signs in, lists the trips and opens a trip’s detail', async () => {
      await signIn(browser)

      await follow('/trips')
      await waitForElement(browser, 'main a[href*="/trips/"]')
      expect(await axeViolations(browser)).toEqual([])
      const trip = await firstFutureTrip()
      await openTrip(trip)
      await waitForText(browser, trip.passenger.name)
      await waitForElement(browser, 'button', 'Cancel trip')
      expect(await axeViolations(browser)).toEqual([])
    })

    it('books a trip through the wizard to its summary, where the deductible shows', async () => {
      await follow('/booking')
      await waitForText(browser, 'Step 1: Select passenger')
      await next(2, 'Select date')
      const tomorrow = Temporal.Now.plainDateISO('Europe/Helsinki').add({ days: 1 })
      const dateField = await labelled('Or type the date')
      // The device's own date input where the portal finds it a good picker (src/domain/dateInputKind.ts) takes
      // the date as its picker gives it; the text field, today's date replaced by the typed one.
      const native = await browser.run<boolean>(
        '(css) => document.querySelector(css).type === "date"',
        dateField,
      )
      await fill(dateField, native ? tomorrow.toString() : '')
      if (!native) await browser.type(dateField, shellDate(tomorrow))
      await browser.click('button', 'Next')
      // The demo shows the passenger's transportation permissions: the first is chosen.
      await waitForText(browser, 'Step 3: Select quota type')
      await waitForElement(browser, 'label:has(input[type="radio"])')
      await browser.click('label:has(input[type="radio"])')
      await next(4, 'Trip information')
      await browser.type(await labelled('Time'), '10:00')
      for (const [field, place] of [
        ['From', 'Koti'],
        ['To', 'Uimahalli'],
      ] as const) {
        await browser.click(await labelled(field))
        await waitForElement(browser, '[role="option"]', place)
        await browser.click('[role="option"]', place)
      }
      await next(5, 'Additional info')
      await next(6, 'Summary')
      await waitForText(browser, 'Deductible:')
      expect(await axeViolations(browser)).toEqual([])
    })

    it('opens the installed portal with no server at all, showing the trips from the device', async () => {
      await serviceWorkerInControl(browser)
      gate.close()
      try {
        // Opened again from the home screen: a new window, the one before left open. No page of the portal ends
        // here, so none ends in the middle of its IndexedDB work, which in WebKit can leave the database unusable
        // for the journeys after (docs/architecture.md). The journeys go on in the new window.
        await browser.openTab(url('/trips'))
        await waitForElement(browser, 'main a[href*="/trips/"]')
        // The network is up but the server is not there: the portal says so, not only when offline.
        await waitForText(browser, 'The service cannot be reached right now')
      } finally {
        gate.open()
      }
      // Once the server answers again, the portal finds it by itself and signs the session in again.
      await waitForText(browser, 'The service cannot be reached right now', false)
    })

    it('keeps a cancellation made while the server cannot be reached pending through a reload, and sends it once when it answers', async () => {
      const trip = await firstFutureTrip()
      await openTrip(trip)
      await waitForElement(browser, 'button', 'Cancel trip')
      // The reload below, with no server, is the service worker's to serve.
      await serviceWorkerInControl(browser)
      const before = batches(gate).length
      // The dialog opens before the server goes: the banner that says it cannot be reached pushes the page down
      // as it appears, and a click at that moment (WebKit, once in a gate run) opened nothing.
      await browser.click('button', 'Cancel trip')
      await waitForElement(browser, '[role="dialog"] textarea')
      gate.close()
      await browser.type('[role="dialog"] textarea', 'Perhe matkoilla')
      await browser.click('[role="dialog"] button', 'Cancel trip')
      await waitForText(browser, 'Cancellation pending')
      await waitForText(browser, 'The service cannot be reached right now')

      await browser.reload()
      await waitForText(browser, 'Cancellation pending')
      expect(batches(gate)).toHaveLength(before)

      gate.open()
      await expect
        .poll(
          async () =>
            (await serverTrips(server, tenant, browser)).find((each) => each.id === trip.id)?.cancelledAt,
          {
            timeout: 40_000,
            interval: 500,
          },
        )
        .toBeTruthy()
      await waitForText(browser, 'waiting to be sent', false)
      expect(batches(gate)).toHaveLength(before + 1)
    })

    it('keeps a message written while the server cannot be reached pending through a reload, and sends it once', async () => {
      const passengerId = (await firstFutureTrip()).passenger.id
      const reply = `${engine} ${Date.now()}`
      await follow('/messages')
      await waitForElement(browser, 'textarea')
      await serviceWorkerInControl(browser)
      const before = batches(gate).length
      gate.close()
      await browser.run(
        '(id) => { const select = document.querySelector("select"); if (select) { select.value = id; select.dispatchEvent(new Event("change", { bubbles: true })) } return true }',
        passengerId,
      )
      await browser.type('textarea', reply)
      await browser.click('button', 'Send')
      await waitForText(browser, reply)
      await waitForText(browser, 'Waiting to be sent')
      await browser.reload()
      await waitForText(browser, reply)
      await waitForText(browser, 'Waiting to be sent')
      expect(await axeViolations(browser)).toEqual([])

      gate.open()
      await expect
        .poll(
          async () =>
            (await operatorThread(server, tenant, passengerId)).filter((message) => message.content === reply)
              .length,
          { timeout: 40_000, interval: 500 },
        )
        .toBe(1)
      await waitForText(browser, 'Waiting to be sent', false)
      expect(batches(gate)).toHaveLength(before + 1)
    })

    it('tracks a trip under way in plain words with when it was updated and the operator’s contact, keeping its last known status while the server cannot be reached', async () => {
      const underWay = (await serverTrips(server, tenant, browser)).find(
        (trip) => trip.pickupTime && !trip.dropoffTime && trip.allowEtaQuery,
      )
      if (!underWay) throw new Error('The demo has no trip under way')
      await watchResources(browser)
      await openTrip(underWay)
      await waitForText(browser, 'Passenger aboard')
      await waitForText(browser, 'Updated ')
      // The street map of the portal's own tile archive: its metadata read (the attribution), its streets drawn.
      await waitUntil(
        browser,
        "the tile archive's attribution",
        '(words) => document.querySelector("main").textContent.includes(words)',
        [testArchiveAttribution],
      )
      await expectArchiveStreets(browser, gate)
      await waitForElement(browser, `a[href="mailto:${tenants.demo.contact!.email}"]`)
      expect(await axeViolations(browser)).toEqual([])
      // The reload below, with no server, is the service worker's to serve.
      await serviceWorkerInControl(browser)
      gate.close()
      try {
        // Opened again while the server cannot be reached: the status the last pull brought stays, said to be
        // the last known one (a hidden page polls nothing, so the reload is what finds the server gone).
        await browser.reload()
        await waitForText(browser, 'this is the last known status')
        await waitForText(browser, 'Passenger aboard')
        expect(await axeViolations(browser)).toEqual([])
      } finally {
        gate.open()
      }
      await waitForText(browser, 'this is the last known status', false, 40_000)
    })

    it('opens a shared tracking link with no login', async () => {
      const link = await operatorTrackingLink(server, tenant, await firstFutureTrip())
      const office = await browser.isolated()
      try {
        await office.goto(`${link}?lang=en`)
        await waitForText(office, 'Track a trip')
        // Tomorrow's trip: the page says when its tracking opens.
        await waitForText(office, 'Tracking opens an hour before the trip.')
        expect(await axeViolations(office)).toEqual([])
        expect(new URL(await office.url()).pathname).toMatch(/^\/track\//)
        // The office sees the trip, never what only the passenger's own portal offers.
        expect(await office.run<boolean>('() => document.body.innerText.includes("Cancel trip")')).toBe(false)
      } finally {
        await office.close()
      }
    })
  })
}
