import type { ReceivedMail } from '../server/support/smtpPeer'
import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { confirmAddress, logIn } from './support/mail'
import { accessToken, apiGet, portalUrl } from './support/portal'
import { bookTripSoon, operatorEvent } from './support/trips'

test.use({ locale: 'fi-FI' })

/** The one-click unsubscribe link of a notification's mail (RFC 8058), from its List-Unsubscribe header. */
function unsubscribeLink(mail: ReceivedMail): string {
  const line = mail.headerLines.find((header) => header.key === 'list-unsubscribe')?.line ?? ''
  const link = /<(https?:[^>]+)>/.exec(line.replace(/\r?\n\s+/g, ''))?.[1]
  if (!link) throw new Error(`No List-Unsubscribe in the mail "${mail.subject}"`)
  return link
}

test('an operator cancellation reaches a confirmed address once, and its unsubscribe link turns that kind off', async ({
  page,
  server,
  mailbox,
  expectAccessible,
}) => {
  // A tenant whose guardian's address no other journey confirms.
  const tenant = 'tatkela'
  const _ = await catalog('fi')
  const address = `huoltaja.${tenant}@example.fi`
  await page.goto(portalUrl(server, tenant, '/login?locale=fi'))
  await logIn(page, _, demoUsers.guardian)
  await confirmAddress(page, server, tenant, mailbox, _, address, expectAccessible)

  // The operator cancels a trip of the guardian's passenger: trip changes come by e-mail by default.
  const passengers = (await apiGet(page, '/api/passenger', await accessToken(page))).body as { id: string }[]
  const trip = await bookTripSoon(server, tenant, passengers[0]!.id, 180)
  await operatorEvent(server, tenant, trip.id, { type: 'cancelled', reason: 'Kuljettaja sairastui' })
  const isNotice = (mail: ReceivedMail) =>
    mail.envelope.to.includes(address) && mail.headerLines.some((header) => header.key === 'list-unsubscribe')
  const notice = await mailbox.waitFor(isNotice)
  expect(notice.headerLines.find((header) => header.key === 'list-unsubscribe-post')?.line).toBe(
    'List-Unsubscribe-Post: List-Unsubscribe=One-Click',
  )
  // The link asks first, in Finnish, and the button turns trip changes off by e-mail.
  await page.goto(unsubscribeLink(notice))
  await expect(page.getByRole('heading', { level: 1, name: _('email_unsubscribe.title') })).toBeVisible()
  await expect(page.getByRole('main')).toContainText(_('notifications.kind.trip_changed'))
  await expectAccessible()
  await page.getByRole('button', { name: _('email_unsubscribe.button') }).click()
  await expect(page.getByRole('heading', { level: 1, name: _('email_unsubscribe.done_title') })).toBeVisible()
  await expectAccessible()

  // The notifications screen shows it off by e-mail for every passenger, push and the other kinds as they were.
  await page.getByRole('link', { name: _('email_unsubscribe.settings') }).click()
  const byMail = (kind: string) =>
    page.getByRole('switch', {
      name: _('notifications.email.switch', { label: _(`notifications.kind.${kind}`) }),
    })
  await expect(byMail('trip_changed').first()).toBeVisible()
  for (const one of await byMail('trip_changed').all()) await expect(one).not.toBeChecked()
  await expect(byMail('reminder').first()).toBeChecked()
  await expect(byMail('trip_changed').first()).toBeEnabled()
  await expect(
    page.getByRole('switch', { name: _('notifications.kind.trip_changed'), exact: true }).first(),
  ).toBeChecked()

  // By keyboard: Space turns trip changes by e-mail back on for the first passenger, Tab reaches Save, Enter keeps it.
  const tripMail = byMail('trip_changed').first()
  await tripMail.focus()
  await page.keyboard.press('Space')
  await expect(tripMail).toBeChecked()
  const save = page.getByRole('button', { name: _('notifications.settings.save') })
  const saveFocused = () => save.evaluate((button) => button === document.activeElement)
  for (let presses = 0; presses < 200 && !(await saveFocused()); presses++) await page.keyboard.press('Tab')
  await expect(save).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByRole('status').filter({ hasText: _('notifications.settings.saved') })).toBeVisible()
  await page.reload()
  await expect(tripMail).toBeChecked()
  await expect(byMail('trip_changed').nth(1)).not.toBeChecked()

  // Once: the sender looks again within a second, and through all of the above it sent nothing more.
  expect(mailbox.all().filter(isNotice)).toHaveLength(1)

  // The pages speak the language the user last used the portal in, as the app's token fetch records it.
  for (const locale of ['sv', 'en'] as const) {
    const texts = await catalog(locale)
    await page.evaluate((lang) => fetch(`/api/auth/access_token?locale=${lang}`), locale)
    await page.goto(unsubscribeLink(notice))
    await expect(
      page.getByRole('heading', { level: 1, name: texts('email_unsubscribe.title') }),
    ).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await expectAccessible()
    await page.getByRole('button', { name: texts('email_unsubscribe.button') }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: texts('email_unsubscribe.done_title') }),
    ).toBeVisible()
    await expectAccessible()
  }
})
