import { expect as baseExpect, type Locator, type Page } from '@playwright/test'
import { demoUsers, expect, test } from './support/fixtures'
import { Temporal } from 'temporal-polyfill'
import { shellDate } from '../../src/domain/dateDisplay'
import { catalog } from './support/catalog'
import { guardianView, operatorMessage, operatorThread, operatorView } from './support/messages'
import { portalUrl, signIn } from './support/portal'
import { mostTabs, tabTo } from './support/keyboard'
import { futureTrips, operatorTrackingLink, reviewableTrip, serverTrips, trackedTrips } from './support/trips'
import { toldCancellations } from './support/cancelFeed'

const focusedInside = (page: Page, container: Locator) =>
  container.evaluate((element) => element.contains(document.activeElement))

test('signing in and cancelling a trip from its detail by keyboard alone: skip link, dialog focus and Escape', async ({
  page,
  server,
}) => {
  const tenant = 'keskustaksi'
  await page.goto(portalUrl(server, tenant, '/?lang=en'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  // The first Tab reaches the skip link, which moves the focus to the screen's content.
  await page.keyboard.press('Tab')
  const skip = page.getByRole('link', { name: 'Skip to content' })
  await expect(skip).toBeFocused()
  await expect(skip).toBeVisible()
  await page.keyboard.press('Enter')
  await expect(page.locator('#main')).toBeFocused()

  await tabTo(page, page.getByRole('button', { name: 'Login', exact: true }))
  await page.keyboard.press('Enter')
  const userName = page.getByRole('textbox', { name: 'Username', exact: true })
  await expect(userName).toBeVisible()
  await tabTo(page, userName)
  await page.keyboard.type(demoUsers.guardian.userName)
  await tabTo(page, page.getByLabel('Password', { exact: true }))
  await page.keyboard.type(demoUsers.guardian.password)
  await page.keyboard.press('Enter')
  await page.waitForURL(/\/booking$/)

  const [trip] = await futureTrips(page, 1)
  await page.goto(portalUrl(server, tenant, `/trips/${trip!.id}/${trip!.date}`))
  const cancel = page.getByRole('button', { name: 'Cancel trip' })
  await tabTo(page, cancel)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Cancel trip' })
  await expect(dialog).toBeVisible()
  await expect.poll(() => focusedInside(page, dialog)).toBe(true)
  // Escape closes it and gives the focus back to what opened it.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(cancel).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  // The one-tap reasons by keyboard: Tab into the group, an arrow to the code; the text then adds to it.
  const holiday = dialog.getByRole('radio', { name: 'Holiday or day off' })
  await tabTo(page, dialog.getByRole('radio', { name: 'Ill' }))
  await page.keyboard.press('ArrowDown')
  await page.keyboard.press('ArrowDown')
  await expect(holiday).toBeChecked()
  await expect(holiday).toBeFocused()
  await tabTo(page, dialog.getByLabel('More about the reason (optional)'))
  await page.keyboard.type('Perhe matkoilla')
  // Tab stays inside the open dialog: it reaches the confirm button there, never the page behind.
  await tabTo(page, dialog.getByRole('button', { name: 'Cancel trip' }))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect
    .poll(async () => (await serverTrips(page)).find((each) => each.id === trip!.id)?.cancelledAt ?? null)
    .not.toBeNull()
  expect((await toldCancellations(server, tenant, [trip!.id])).get(trip!.id)).toEqual({
    reasonCode: 'holiday',
    reason: 'Perhe matkoilla',
  })
  // The focus did not fall to the page's body, where a keyboard user would have to start over.
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true)
})

test('the drawer by keyboard: it opens on Enter, takes the focus, changes the language, and Escape gives the focus back', async ({
  page,
  server,
}) => {
  await page.goto(portalUrl(server, 'demo', '/?lang=en'))
  const menuButton = page.getByRole('button', { name: 'Menu' })
  await tabTo(page, menuButton)
  await page.keyboard.press('Enter')
  const drawer = page.getByRole('dialog')
  await expect(drawer).toBeVisible()
  await expect.poll(() => focusedInside(page, drawer)).toBe(true)
  await page.keyboard.press('Escape')
  await expect(drawer).toBeHidden()
  await expect(menuButton).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(drawer).toBeVisible()
  await tabTo(page, drawer.getByRole('button', { name: 'Svenska' }))
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('lang', 'sv')
  await expect(page.getByRole('button', { name: 'Logga in', exact: true })).toBeVisible()
})

test('booking a trip and its return trip by keyboard alone: radios by arrow, addresses from their lists, Enter to go on', async ({
  page,
  server,
}) => {
  const tenant = 'espoo'
  await signIn(page, server, tenant, demoUsers.guardian)
  await page.goto(portalUrl(server, tenant, '/booking?lang=en'))
  const text = await catalog('en')
  const next = page.getByRole('button', { name: text('common.next'), exact: true })
  const time = page.getByRole('textbox', { name: text('booking.trip.time'), exact: true })
  const confirmed = page.getByText(text('booking.confirmed'), { exact: true })
  const step = (number: number, title: string) =>
    page.getByRole('heading', {
      level: 2,
      name: text('booking.step_heading', { step: number, title: text(title) }),
    })
  const goOn = async (number: number, title: string) => {
    await tabTo(page, next)
    await page.keyboard.press('Enter')
    await expect(step(number, title)).toBeVisible()
  }
  /** Opens an address box's list by keyboard and takes its n-th saved place (from 0). */
  const chooseAddress = async (name: string, index: number) => {
    const box = page.getByRole('combobox', { name })
    await tabTo(page, box)
    await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('listbox', { name }).getByRole('option').nth(index)).toBeVisible()
    for (let moved = 0; moved < index; moved += 1) await page.keyboard.press('ArrowDown')
    await page.keyboard.press('Enter')
    await expect(box).not.toHaveValue('')
  }

  await expect(step(1, 'booking.step_passenger')).toBeVisible()
  const passengers = page.getByRole('radio')
  await tabTo(page, passengers.first())
  // Arrows move the choice within the group, as in any radio group.
  await page.keyboard.press('ArrowDown')
  await expect(passengers.nth(1)).toBeChecked()
  await expect(passengers.nth(1)).toBeFocused()
  await goOn(2, 'booking.step_date')

  const day = Temporal.Now.plainDateISO('Europe/Helsinki').add({ days: 1 })
  await tabTo(page, page.getByRole('textbox', { name: text('booking.date_typed') }))
  await page.keyboard.type(shellDate(day))
  await goOn(3, 'booking.step_quota')
  await goOn(4, 'booking.step_trip')

  await tabTo(page, time)
  await page.keyboard.type('10:00')
  await chooseAddress(text('booking.trip.from'), 0)
  await chooseAddress(text('booking.trip.to'), 1)
  await goOn(5, 'booking.step_additional_info')
  await goOn(6, 'booking.step_summary')

  const known = new Set((await serverTrips(page)).map((trip) => trip.id))
  await tabTo(page, page.getByRole('button', { name: text('booking.save') }))
  await page.keyboard.press('Enter')
  await expect(confirmed).toBeVisible()
  await tabTo(page, page.getByRole('button', { name: text('booking.create_return') }))
  await page.keyboard.press('Enter')
  await expect(step(7, 'booking.step_return_trip')).toBeVisible()
  await tabTo(page, time)
  await page.keyboard.type('14:00')
  await goOn(8, 'booking.step_return_additional_info')
  await goOn(9, 'booking.step_return_summary')
  await tabTo(page, page.getByRole('button', { name: text('booking.save') }))
  await page.keyboard.press('Enter')
  await expect(confirmed).toBeVisible()

  const booked = async () => (await serverTrips(page)).filter((trip) => !known.has(trip.id))
  // The demo approves bookings a moment after they are made (fixtures.ts); then both are the passenger's trips.
  await expect
    .poll(async () => (await booked()).map((trip) => trip.date), { timeout: 20_000 })
    .toEqual([day.toString(), day.toString()])
})

test('sharing and revoking a tracking link by keyboard: the confirmation takes the focus and gives it back', async ({
  page,
  server,
}) => {
  const tenant = 'keskustaksi'
  // The clipboard path, as on a desktop without the Web Share API.
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], {
    origin: server.tenantOrigin(tenant),
  })
  await page.addInitScript(() => {
    Reflect.deleteProperty(Navigator.prototype, 'share')
  })
  await signIn(page, server, tenant, demoUsers.guardian)
  const [trip] = await futureTrips(page, 1)
  await page.goto(portalUrl(server, tenant, `/trips/${trip!.id}/${trip!.date}?lang=en`))
  await tabTo(page, page.getByRole('button', { name: 'Share tracking link' }))
  await page.keyboard.press('Enter')
  await expect(
    page.getByRole('status').filter({ hasText: 'Tracking link copied to the clipboard.' }),
  ).toBeVisible()

  const revoke = page.getByRole('button', { name: 'Revoke link' })
  await tabTo(page, revoke)
  await page.keyboard.press('Enter')
  const question = page.getByRole('alertdialog')
  await expect(question).toBeVisible()
  await expect.poll(() => focusedInside(page, question)).toBe(true)
  await page.keyboard.press('Escape')
  await expect(question).toBeHidden()
  await expect(revoke).toBeFocused()
  await page.keyboard.press('Enter')
  await tabTo(page, question.getByRole('button', { name: 'Revoke link' }))
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: 'Tracking link revoked.' })).toBeVisible()
  // Its button is gone with the link: the focus goes to sharing a new one, not to the page's body.
  await expect(page.getByRole('button', { name: 'Share tracking link' })).toBeFocused()
})

test('cancelling a day’s trip through the cancel wizard by keyboard alone', async ({ page, server }) => {
  const tenant = 'keskustaksi'
  await signIn(page, server, tenant, demoUsers.guardian)
  await page.goto(portalUrl(server, tenant, '/canceltrips?lang=en'))
  const next = page.getByRole('button', { name: 'Next', exact: true })
  const goOn = async (heading: string) => {
    await tabTo(page, next)
    await page.keyboard.press('Enter')
    await expect(page.getByRole('heading', { name: heading })).toBeVisible()
  }
  await expect(page.getByRole('heading', { name: 'Step 1: Choose dates' })).toBeVisible()
  const day = Temporal.Now.plainDateISO('Europe/Helsinki').add({ days: 2 })
  const date = page.getByRole('textbox', { name: 'Date', exact: true })
  await tabTo(page, date)
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(shellDate(day))
  await goOn('Step 2: Choose passengers')
  const known = new Set(
    (await serverTrips(page)).filter((trip) => trip.cancelledAt).map((trip) => `${trip.id}/${trip.date}`),
  )
  await tabTo(page, page.getByRole('checkbox').first())
  await page.keyboard.press('Space')
  await expect(page.getByRole('checkbox').first()).toBeChecked()
  await goOn('Step 3: Choose trips')
  const trip = page.getByRole('checkbox').first()
  await tabTo(page, trip)
  await page.keyboard.press('Space')
  await expect(trip).toBeChecked()
  await goOn('Step 4: Cancellation reason')
  // The one-tap reasons are one radio group: Tab enters it, Space picks, the arrows move the choice.
  const ill = page.getByRole('radio', { name: 'Ill' })
  await tabTo(page, ill)
  await page.keyboard.press('Space')
  await expect(ill).toBeChecked()
  await page.keyboard.press('ArrowDown')
  const otherWay = page.getByRole('radio', { name: 'Travelling another way' })
  await expect(otherWay).toBeChecked()
  await expect(otherWay).toBeFocused()
  // The code says it: the text is optional now, and Send takes it as it is.
  await tabTo(page, page.getByRole('button', { name: 'Send' }))
  await page.keyboard.press('Enter')
  await expect(page.getByText('Trips cancelled', { exact: true })).toBeVisible({ timeout: 30_000 })
  const cancelled = (await serverTrips(page)).filter(
    (each) => each.cancelledAt && !known.has(`${each.id}/${each.date}`),
  )
  expect(cancelled.map((each) => each.date)).toEqual([day.toString()])
  const told = await toldCancellations(server, tenant, [cancelled[0]!.id])
  expect(told.get(cancelled[0]!.id)).toEqual({
    reasonCode: 'otherTransport',
    reason: 'Travelling another way',
  })
})

test('confirming a message and sending one by keyboard alone', async ({ page, server }) => {
  const tenant = 'kulkukeskus'
  await signIn(page, server, tenant, demoUsers.guardian)
  const { passengerId } = await guardianView(page)
  const question = await operatorMessage(server, tenant, passengerId, `Question ${Date.now()}`, true)
  await page.goto(portalUrl(server, tenant, '/messages?lang=en'))
  const thread = page.getByRole('region', { name: 'Message thread' })
  const asking = thread.getByRole('listitem').filter({ hasText: question.content })
  await tabTo(page, asking.getByRole('button'))
  await page.keyboard.press('Enter')
  await expect
    .poll(async () => (await operatorView(server, tenant, question.id)).confirmation?.confirmedAt ?? null)
    .not.toBeNull()

  // With several passengers the message names one: chosen by arrows, as a select is.
  const select = page.getByLabel('Passenger', { exact: true })
  if (await select.count()) {
    await tabTo(page, select)
    for (let moved = 0; moved < 5 && (await select.inputValue()) !== passengerId; moved++) {
      await page.keyboard.press('ArrowDown')
    }
    await expect(select).toHaveValue(passengerId)
  }
  const reply = `Reply ${Date.now()}`
  await tabTo(page, page.getByLabel('New message', { exact: true }))
  await page.keyboard.type(reply)
  await tabTo(page, page.getByRole('button', { name: 'Send', exact: true }))
  await page.keyboard.press('Enter')
  await expect
    .poll(
      async () =>
        (await operatorThread(server, tenant, passengerId)).filter((m) => m.content === reply).length,
    )
    .toBe(1)
  expect(await page.evaluate(() => document.activeElement !== document.body)).toBe(true)
})

test('reviewing a completed trip by keyboard alone: stars by arrows, End and Space, then shown read-only', async ({
  page,
  server,
}) => {
  // The guardian of `default`, whose trips no other spec file reviews (they only sign the guardian in there).
  const tenant = 'default'
  await signIn(page, server, tenant, demoUsers.guardian)
  const trip = await reviewableTrip(page, server, tenant)
  await page.goto(portalUrl(server, tenant, `/trips/${trip.id}/${trip.date}?lang=en`))
  const open = page.getByRole('button', { name: 'Review the trip' })
  await tabTo(page, open)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Review the trip' })
  await expect(dialog).toBeVisible()
  await expect.poll(() => focusedInside(page, dialog)).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(open).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  // Each rating is one tab stop (the default scale has five stars); an arrow moves the choice, as in any radio
  // group. Each arrow is released at once, as switch and voice control press keys, and must still choose its
  // star (StarRating.tsx); the next waits until the star is seen to move.
  const driver = dialog.getByRole('radiogroup', { name: 'Driver' })
  await tabTo(page, driver.getByRole('radio', { name: '1 of 5 stars' }))
  for (const stars of [2, 3, 4]) {
    await Promise.all([page.keyboard.down('ArrowRight'), page.keyboard.up('ArrowRight')])
    const star = driver.getByRole('radio', { name: `${stars} of 5 stars` })
    await expect(star).toBeFocused()
    await expect(star).toBeChecked()
  }
  // End goes to the last star without choosing it; Space chooses it.
  const experience = dialog.getByRole('radiogroup', { name: 'Trip experience' })
  await tabTo(page, experience.getByRole('radio', { name: '1 of 5 stars' }))
  await page.keyboard.press('End')
  const five = experience.getByRole('radio', { name: '5 of 5 stars' })
  await expect(five).toBeFocused()
  await page.keyboard.press('Space')
  await expect(five).toBeChecked()
  await expect(driver.getByRole('radio', { name: '4 of 5 stars' })).toBeChecked()

  const comment = `Kuljettaja auttoi ovelle asti ${Date.now()}`
  await tabTo(page, dialog.getByLabel('Comment'))
  await page.keyboard.type(comment)
  await tabTo(page, dialog.getByRole('button', { name: 'Save' }))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  // The button that opened the form is gone with it: the focus goes to the review's heading, not the body.
  await expect(page.getByRole('heading', { level: 2, name: 'Review', exact: true })).toBeFocused()
  await expect(open).toHaveCount(0)
  const review = page.getByRole('region', { name: 'Review', exact: true })
  await expect(review.getByText(comment)).toBeVisible()
  await expect(review.getByRole('img', { name: '4 of 5 stars' })).toBeVisible()
  await expect(review.getByRole('img', { name: '5 of 5 stars' })).toBeVisible()
  await expect
    .poll(async () => (await serverTrips(page)).find((each) => each.id === trip.id)!.reviews)
    .toEqual([expect.objectContaining({ driverStars: 4, experienceStars: 5, comment })])
})

test('adding a passenger by keyboard alone: a refused code keeps the focus on its field, and the dialog gives it back', async ({
  page,
  server,
}) => {
  // Aino Virtanen (strong authentication) on `default`: no other spec file signs her in there or uses its access
  // codes. Each repeat of a test (`--repeat-each`) has a worker, and so a server, of its own.
  const tenant = 'default'
  await page.goto(portalUrl(server, tenant, '/passengers?lang=en'))
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByRole('link', { name: 'Log in with strong authentication' }).click()
  await page.getByRole('button', { name: /Aino Virtanen/ }).click()
  await expect(page).toHaveURL(portalUrl(server, tenant, '/passengers?lang=en'))
  const passengers = page.getByRole('main').getByRole('listitem')
  await expect(passengers).toHaveCount(1)

  const add = page.getByRole('button', { name: 'Add passenger' })
  await tabTo(page, add)
  await page.keyboard.press('Enter')
  const dialog = page.getByRole('dialog', { name: 'Add passenger' })
  await expect(dialog).toBeVisible()
  await expect.poll(() => focusedInside(page, dialog)).toBe(true)
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(add).toBeFocused()

  await page.keyboard.press('Enter')
  await expect(dialog).toBeVisible()
  const code = dialog.getByLabel('Access code')
  await tabTo(page, code)
  await page.keyboard.type('NOPE-0000')
  // Enter in the field sends the form; the refusal stays on the field, where the code is typed again.
  await page.keyboard.press('Enter')
  await expect(dialog.getByText('Invalid token')).toBeVisible()
  await expect(code).toBeFocused()
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type('LISAA-1001')
  await tabTo(page, dialog.getByRole('button', { name: 'Add', exact: true }))
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Passenger added' })).toBeVisible()
  await expect(passengers).toHaveCount(2)
  await expect(add).toBeFocused()
})

test('changing the password by keyboard alone: the account menu, a refused confirmation, and a new sign-in', async ({
  page,
  server,
}) => {
  // `single` on `default`, whose password this changes: no other spec file signs in as `single` there.
  const tenant = 'default'
  await signIn(page, server, tenant, demoUsers.single)
  // The tenant has no booking: the sign-in lands on the passengers.
  await expect(page.getByRole('heading', { level: 1, name: 'Passengers' })).toBeVisible()
  // The account menu opens on Enter with its first item focused; arrows move within it, Enter chooses.
  const account = page.getByRole('button', { name: 'Account' })
  const chooseInAccountMenu = async (name: string) => {
    await tabTo(page, account)
    await page.keyboard.press('Enter')
    // Focus enters the menu a moment after it shows; an arrow pressed before that goes to the button and is
    // lost, so each step waits for the focus it moves.
    const items = page.getByRole('menuitem')
    await expect(items.first()).toBeFocused()
    const steps = (await items.allInnerTexts()).indexOf(name)
    expect(steps).toBeGreaterThanOrEqual(0)
    for (let moved = 1; moved <= steps; moved++) {
      await page.keyboard.press('ArrowDown')
      await expect(items.nth(moved)).toBeFocused()
    }
    await page.keyboard.press('Enter')
  }
  await chooseInAccountMenu('Change password')
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible()

  const newPassword = 'Uusi-näppäin-2026!'
  const confirmation = page.getByLabel('Confirm new password')
  await tabTo(page, page.getByLabel('Current password'))
  await page.keyboard.type(demoUsers.single.password)
  await tabTo(page, page.getByLabel('New password', { exact: true }))
  await page.keyboard.type(newPassword)
  await tabTo(page, confirmation)
  await page.keyboard.type(`${newPassword}x`)
  await page.keyboard.press('Enter')
  await expect(page.getByText(/do not match/i)).toBeVisible()
  await expect(confirmation).toBeFocused()
  await page.keyboard.press('Backspace')
  const submit = page.getByRole('button', { name: 'Change password' })
  await tabTo(page, submit)
  await page.keyboard.press('Enter')
  await expect(page.getByRole('main').getByText('Your password has been changed.')).toBeVisible()
  // The form and its button are gone: the notice that took their place has the focus, not the page's body, and
  // so is read (it is not announced as well).
  await expect(page.locator('main :focus')).toContainText('Your password has been changed.')
  await tabTo(page, page.getByRole('link', { name: 'Show personal information' }))

  await chooseInAccountMenu('Log out')
  const again = page.getByRole('button', { name: 'Log back in' })
  await tabTo(page, again)
  await page.keyboard.press('Enter')
  const userName = page.getByRole('textbox', { name: 'Username', exact: true })
  await expect(userName).toBeVisible()
  await tabTo(page, userName)
  await page.keyboard.type(demoUsers.single.userName)
  await tabTo(page, page.getByLabel('Password', { exact: true }))
  await page.keyboard.type(newPassword)
  await page.keyboard.press('Enter')
  await page.waitForURL(portalUrl(server, tenant, '/passengers'))
})

/**
 * Where the focused control lies against the bottom navigation fixed over the page, or null while the focus is
 * in the navigation itself or on the page's body.
 */
const focusAgainstBottomNav = (page: Page) =>
  page.evaluate(() => {
    const focused = document.activeElement
    const nav = document.querySelector('nav[aria-label="Shortcuts"]')
    if (!focused || focused === document.body || !nav || nav.contains(focused)) return null
    const label = focused.getAttribute('aria-label') ?? focused.textContent ?? focused.tagName
    return {
      label: label.trim().slice(0, 40),
      bottom: focused.getBoundingClientRect().bottom,
      navTop: nav.getBoundingClientRect().top,
    }
  })

test('on a phone, Tab never leaves the focused control behind the bottom navigation (WCAG 2.4.11)', async ({
  page,
  server,
}) => {
  await page.setViewportSize({ width: 360, height: 740 })
  await signIn(page, server, 'keskustaksi', demoUsers.guardian)
  const screens = [
    { path: '/passengers', ready: page.getByRole('button', { name: /^Edit initials/ }).first() },
    { path: '/notifications', ready: page.getByLabel('Minutes before pickup').first() },
  ]
  for (const { path, ready } of screens) {
    await page.goto(portalUrl(server, 'keskustaksi', path))
    await expect(ready).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Shortcuts' })).toBeVisible()
    for (let presses = 0; presses < mostTabs; presses++) {
      await page.keyboard.press('Tab')
      const spot = await focusAgainstBottomNav(page)
      if (spot)
        baseExpect(spot.bottom, `${path}: "${spot.label}" clear of the navigation`).toBeLessThanOrEqual(
          spot.navTop,
        )
    }
  }
})

test("a tracking link's operator contact is reached by Tab, its phone and e-mail links with a focus ring", async ({
  page,
  browser,
  server,
}) => {
  const _ = await catalog('fi')
  await signIn(page, server, 'demo', demoUsers.guardian)
  const [trip] = await trackedTrips(page)
  if (!trip) throw new Error('The demo has no tracked trip')
  const office = await browser.newContext()
  const desk = await office.newPage()
  await desk.goto(`${await operatorTrackingLink(server, 'demo', trip)}?lang=fi`)
  const contact = desk.getByRole('region', { name: _('tracking.contact.heading') })
  await expect(contact).toBeVisible()
  for (const link of await contact.getByRole('link').all()) await tabTo(desk, link)
  await office.close()
})
