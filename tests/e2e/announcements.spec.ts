import type { Page } from '@playwright/test'
import { Temporal } from 'temporal-polyfill'
import { shellDate } from '../../src/domain/dateDisplay'
import { catalog, type Catalog } from './support/catalog'
import { connectionBlip, serverUnreachable } from './support/connection'
import { demoUsers, expect, test } from './support/fixtures'
import { openLoginPage, submitPassword } from './support/locales'
import { guardianView, operatorMessage } from './support/messages'
import { portalUrl, type Locale } from './support/portal'
import { chooseAddress, twoSteps } from './support/wizard'
import {
  futureTrips,
  grantViaPointPermission,
  operatorCall,
  operatorEvent,
  operatorTrackingLink,
  tripUnderWay,
  useUpQuota,
} from './support/trips'

/**
 * What a screen reader hears of the changes that come without a new page, in every locale: a
 * tracking link opened before its window, a trip's pickup and drop-off on its detail, a message from the
 * operator, a cancellation queued while the server cannot be reached, landing, or refused with its reason, the
 * cancel wizard's cancellation saved and then landed, a booking's route that could not be checked, a booking
 * refused and then saved, and the review of the trip that ended.
 *
 * A screen reader says text put into a live region that was already on the page (`aria-live`, or the roles
 * status, log and alert), politely or at once (assertive: `aria-live="assertive"` or role alert); a region
 * made together with its text says nothing, except an alert, which is read as it appears. A script in the page
 * records each such change with the region's politeness and whether it was there before, and the journeys
 * expect each text, from the catalogs, among what was so heard.
 */

/** One change to a live region, as the page recorded it. */
interface Heard {
  text: string
  politeness: string
  /** The region was on the page before the change. */
  existed: boolean
  /** A screen reader says it: into a region that was there, or a new alert. */
  announced: boolean
  /** The region, for a failure's message: its tag, role and classes. */
  region: string
}

/**
 * Runs in the page before its own scripts: records each text added to a live region, as `Heard`, through
 * `__announced`. Text under `aria-hidden` is not heard. A region is known once a change of the page has
 * ended with it there.
 */
function recordAnnouncements() {
  const live = '[aria-live],[role="status"],[role="alert"],[role="log"]'
  const known = new WeakSet<Element>()
  const elementOf = (node: Node) => (node instanceof Element ? node : node.parentElement)
  const hidden = (node: Node) => elementOf(node)?.closest('[aria-hidden="true"],[hidden]') != null
  const spoken = (node: Node): string => {
    if (node.nodeType === Node.TEXT_NODE) return node.textContent ?? ''
    if (!(node instanceof Element) || hidden(node)) return ''
    return [...node.childNodes]
      .map((child) => (child instanceof Element ? ` ${spoken(child)} ` : spoken(child)))
      .join('')
  }
  new MutationObserver((records) => {
    const changes = new Map<Element, { parts: string[]; existed: boolean }>()
    const hear = (region: Element, text: string, existed: boolean) => {
      const change = changes.get(region) ?? { parts: [], existed }
      change.parts.push(text)
      changes.set(region, change)
    }
    for (const record of records) {
      if (record.type === 'characterData') {
        const region = elementOf(record.target)?.closest(live)
        if (region && !hidden(record.target)) hear(region, record.target.textContent ?? '', known.has(region))
        continue
      }
      for (const node of record.addedNodes) {
        if (!node.isConnected || hidden(node)) continue
        const region = elementOf(node)?.closest(live)
        if (region) hear(region, spoken(node), known.has(region))
        // Regions made with the node: an alert among them is read, the others are not.
        if (node instanceof Element)
          for (const inner of node.querySelectorAll(live))
            if (!hidden(inner)) hear(inner, spoken(inner), false)
      }
    }
    for (const [region, { parts, existed }] of changes) {
      const text = parts.join(' ').replace(/\s+/g, ' ').trim()
      const politeness =
        region.getAttribute('aria-live') ?? (region.getAttribute('role') === 'alert' ? 'assertive' : 'polite')
      if (!text || politeness === 'off') continue
      const role = region.getAttribute('role')
      const heard = {
        text,
        politeness,
        existed,
        announced: existed || role === 'alert',
        region: `${region.tagName.toLowerCase()} role=${role} aria-live=${region.getAttribute('aria-live')} class=${region.className}`,
      }
      ;(window as unknown as { __announced?: (heard: unknown) => void }).__announced?.(heard)
    }
    for (const region of document.querySelectorAll(live)) known.add(region)
  }).observe(document, { childList: true, subtree: true, characterData: true })
}

/** What the page says from now on, each change to a live region as it is recorded. */
async function listen(page: Page): Promise<Heard[]> {
  const heard: Heard[] = []
  await page.exposeFunction('__announced', (change: Heard) => void heard.push(change))
  await page.addInitScript(recordAnnouncements)
  return heard
}

const spaced = (text: string) => text.replace(/\s+/g, ' ').trim()

/**
 * Expects a screen reader to have said, since `from` (an index of `heard`), one change that holds all of
 * `texts`, with `politeness`.
 */
async function expectHeard(
  heard: Heard[],
  from: number,
  texts: string | string[],
  politeness: 'polite' | 'assertive',
  timeout = 15_000,
): Promise<void> {
  const wanted = [texts].flat().map(spaced)
  await expect(async () => {
    const since = heard.slice(from)
    const holding = since.filter((change) => wanted.every((text) => change.text.includes(text)))
    expect(holding, `heard since: ${JSON.stringify(since, null, 1)}`).toContainEqual(
      expect.objectContaining({ politeness, announced: true }),
    )
  }).toPass({ timeout })
}

/**
 * Waits for the page's sync to have pulled, so that its next pull (a returning connection starts one) finds out
 * whether the server answers.
 */
async function synced(page: Page, _: Catalog): Promise<void> {
  await expect(page.getByText(_('sync.last_synced_time', { time: '' }).trim())).toBeVisible()
}

/** Cancels the trip whose detail is open, with a reason, and waits for the dialog to close. */
async function cancelOnDetail(page: Page, _: Catalog): Promise<void> {
  await page.getByRole('button', { name: _('trips.cancel_trip') }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox').fill('Ei tarvita')
  await dialog.getByRole('button', { name: _('trips.cancel_trip') }).click()
  await expect(dialog).toBeHidden()
}

// Each language on a tenant of its own, as its single user (one passenger, so the wizards start at the date),
// whose data no other journey counts: three future trips are cancelled, trips are added and reviewed and a
// message arrives.
const journeys: readonly { locale: Locale; tenant: string }[] = [
  { locale: 'fi', tenant: 'fcg' },
  { locale: 'sv', tenant: 'keskustaksi' },
  { locale: 'en', tenant: 'fimlab' },
]

for (const { locale, tenant } of journeys) {
  // Eight page loads, and three waits for the server to answer again: near a minute on two busy cores.
  test.slow()
  test(`what a screen reader hears of tracking, a review, a message, offline cancellations and a booking (${locale})`, async ({
    page,
    context,
    server,
  }) => {
    const _ = await catalog(locale)
    const heard = await listen(page)
    const at = (path: string) => portalUrl(server, tenant, `${path}?lang=${locale}`)
    await openLoginPage(page, server, tenant, locale)
    await submitPassword(page, demoUsers.single)
    await page.waitForURL((url) => !/^(\/[a-z]+)?\/(login)?$/.test(url.pathname))
    const [landing, refused, fromWizard] = await futureTrips(page, 3)
    const { passenger } = landing!
    const permissionName = `Kuulutukset ${locale}`
    const [permission] = await grantViaPointPermission(page, server, tenant, permissionName)
    const main = page.getByRole('main')
    const next = page.getByRole('button', { name: _('common.next'), exact: true })

    // A tracking link opened before its window says when it opens, once the page has asked the server.
    const link = await operatorTrackingLink(server, tenant, fromWizard!)
    let from = heard.length
    await page.goto(`${link}?lang=${locale}`)
    await expect(main.getByText(_('track.not_started'))).toBeVisible()
    await expectHeard(heard, from, _('track.not_started'), 'polite')

    // A trip under way: its pickup and drop-off are said by the tracking panel's region. Their notices, which
    // would open this very trip, are not shown on it (NoticeSnackbar).
    const underWay = await tripUnderWay(server, tenant, passenger.id)
    await page.goto(at(`/trips/${underWay.id}/${underWay.date}`))
    const panel = page.getByRole('region', { name: _('trips.tracking.heading'), exact: true })
    await expect(panel).toContainText(_('trips.tracking.estimated_departure'))
    from = heard.length
    await operatorEvent(server, tenant, underWay.id, { type: 'pickedUp' })
    await connectionBlip(page, _)
    await expectHeard(heard, from, _('network.offline'), 'polite')
    await expectHeard(heard, from, _('trips.tracking.estimated_arrival'), 'polite')

    // The drop-off, and the operator's first message to this user, which only the badge would show.
    from = heard.length
    await operatorEvent(server, tenant, underWay.id, { type: 'droppedOff' })
    await operatorMessage(server, tenant, passenger.id, `Kuulutus ${locale} ${Date.now()}`)
    await connectionBlip(page, _)
    await expectHeard(heard, from, _('trips.tracking.trip_ended_at'), 'polite')
    const { unseen } = await guardianView(page)
    await expectHeard(heard, from, _('shell.messages_arrived', { risenTo: unseen }), 'polite')

    // A cancellation made while the server cannot be reached waits, and lands once it answers.
    await page.goto(at(`/trips/${landing!.id}/${landing!.date}`))
    await synced(page, _)
    from = heard.length
    let answerAgain = await serverUnreachable(context)
    await cancelOnDetail(page, _)
    // The banner's news is seen, not heard: the replay that finds no server runs as the dialog closes, while a
    // modal hides the rest of the page from a screen reader (aria-hidden). The sync status says it after.
    await expect(page.getByText(_('network.unreachable'))).toBeVisible()
    await expectHeard(heard, from, _('sync.waiting_offline', { waiting: 1 }), 'polite')
    await expectHeard(heard, from, _('trips.cancellation_pending_title'), 'polite')
    from = heard.length
    await answerAgain()
    await connectionBlip(page, _)
    await expectHeard(heard, from, _('trips.cancelled_title'), 'polite', 30_000)

    // One the server refuses, the trip having been marked a no-show meanwhile: said at once, with the reason.
    await page.goto(at(`/trips/${refused!.id}/${refused!.date}`))
    await synced(page, _)
    answerAgain = await serverUnreachable(context)
    await cancelOnDetail(page, _)
    await expect(page.getByText(_('trips.cancellation_pending_title')).first()).toBeVisible()
    await operatorEvent(server, tenant, refused!.id, { type: 'noShow' })
    from = heard.length
    await answerAgain()
    await connectionBlip(page, _)
    const reason = _('trips.problem.no_show')
    // By the trip's own alert: the notice, which would open this very trip, is not shown on it.
    await expectHeard(heard, from, [_('canceltrips.cancellation_error'), reason], 'assertive', 30_000)

    // The cancel wizard's result: saved while the server cannot be reached, and cancelled once it lands.
    await page.goto(at('/canceltrips'))
    await page
      .getByRole('textbox', { name: _('canceltrips.date'), exact: true })
      .fill(shellDate(fromWizard!.date))
    await next.click()
    await page.getByRole('checkbox').first().check()
    await next.click()
    await page.getByRole('textbox', { name: _('canceltrips.reason') }).fill('Ei tarvita')
    answerAgain = await serverUnreachable(context)
    from = heard.length
    await page.getByRole('button', { name: _('canceltrips.send') }).click()
    await expect(main.getByText(_('canceltrips.saved_title'), { exact: true })).toBeVisible()
    await expectHeard(heard, from, [_('canceltrips.saved_title'), _('canceltrips.saved_pending')], 'polite')
    from = heard.length
    await answerAgain()
    await connectionBlip(page, _)
    const cancelled = [_('canceltrips.success_title'), _('canceltrips.success', { cancelled: 1 })]
    await expectHeard(heard, from, cancelled, 'polite', 30_000)

    // A booking the server refuses (the permission's trips used up meanwhile) says why at once; saved once the
    // operator gives them back, it says so politely.
    await page.goto(at('/booking'))
    const tomorrow = Temporal.Now.plainDateISO('Europe/Helsinki').add({ days: 1 })
    await page.getByRole('textbox', { name: _('booking.date_typed') }).fill(shellDate(tomorrow))
    await next.click()
    await page.getByRole('radio', { name: new RegExp(permissionName) }).check()
    await next.click()
    const time = page.getByRole('textbox', { name: _('booking.trip.time'), exact: true })
    await time.fill('10:00')
    // The route service does not answer: the trip step says so, and that the booking can still go on.
    const route = '**/api/booking/route'
    await page.route(route, (request) =>
      request.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 503, code: 'route_unavailable', message: 'No route service' }),
      }),
    )
    from = heard.length
    await chooseAddress(page, _('booking.trip.from'), 0)
    await chooseAddress(page, _('booking.trip.to'), 1)
    await expect(main.getByText(_('booking.trip.route_failed'))).toBeVisible()
    await expectHeard(heard, from, _('booking.trip.route_failed'), 'polite')
    await page.unroute(route)
    await twoSteps(page, locale, next, 5, 'booking.step_additional_info')
    const save = page.getByRole('button', { name: _('booking.save') })
    await expect(save).toBeEnabled()
    await useUpQuota(server, tenant, permission!)
    from = heard.length
    await save.click()
    await expectHeard(heard, from, [_('booking.failed'), _('booking_refusal.no_quota')], 'assertive')
    const path = `/transportationPermissions/${permission!.id}`
    await operatorCall(server, tenant, 'PUT', path, permission!.body, 'Quota not given back')
    // Another time: the same order again would be the same request, which the server answers as it did.
    const back = page.getByRole('button', { name: _('common.back'), exact: true })
    await twoSteps(page, locale, back, 5, 'booking.step_additional_info')
    await time.fill('10:30')
    await twoSteps(page, locale, next, 5, 'booking.step_additional_info')
    from = heard.length
    await save.click()
    await expectHeard(heard, from, _('booking.confirmed'), 'polite')

    // The trip under way, its review saved: the dialog closes and the focus goes to the review's heading, which
    // says nothing of it. Last, so that the review waits to be sent among none of the counts above.
    await page.goto(at(`/trips/${underWay.id}/${underWay.date}`))
    await main.getByRole('button', { name: _('trips.review_open') }).click()
    const dialog = page.getByRole('dialog')
    for (const rating of ['trips.review_driver', 'trips.review_experience'])
      await dialog
        .getByRole('radiogroup', { name: _(rating) })
        .getByRole('radio')
        .last()
        .click()
    await dialog.getByRole('textbox', { name: _('trips.review_comment') }).fill('Hyvä kyyti')
    from = heard.length
    await dialog.getByRole('button', { name: _('common.save') }).click()
    await expect(dialog).toBeHidden()
    await expectHeard(heard, from, _('trips.review_pending'), 'polite')
  })
}
