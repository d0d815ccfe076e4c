import type { MailData } from '../../server/domain/mailData'
import { mailText } from '../../server/email/mailTexts'
import { loadServerI18n } from '../../server/i18n/catalogs'
import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { locales } from './support/locales'
import { changeAddress, logIn } from './support/mail'
import { portalUrl } from './support/portal'
import { startServer, type RunningServer } from './support/server'

/**
 * The demo without SMTP settings (a server of its own: the worker's sends to its SMTP peer) keeps its mails and
 * lists them on a page only local hosts reach, empty or not, passing axe in every locale; its links work, so a
 * new user confirms an address and recovers a password with no mail server.
 */
test.describe('the demo mailbox', () => {
  let demo: RunningServer
  test.beforeAll(async () => {
    demo = await startServer({ DEMO_SIMULATOR: 'off', SMTP_URL: '', MAIL_FROM: '' })
  })
  test.afterAll(async () => {
    await demo.stop()
  })

  test('is reachable on a local host and passes axe in every locale', async ({ page, expectAccessible }) => {
    for (const locale of locales) {
      const _ = await catalog(locale)
      const response = await page.goto(`${demo.tenantOrigin('espoo')}/demo-mailbox?lang=${locale}`)
      expect(response?.status()).toBe(200)
      await expect(page.getByRole('heading', { level: 1, name: _('mail.demo.title') })).toBeVisible()
      await expect(page.locator('html')).toHaveAttribute('lang', locale)
      await expect(page.getByText(_('mail.demo.empty'))).toBeVisible()
      await expectAccessible()
    }
  })

  test('keeps the mails of a user who confirms an address and then recovers the password', async ({
    page,
    expectAccessible,
  }) => {
    const _ = await catalog('fi')
    const address = 'demo.huoltaja@example.fi'
    const newest = page.getByRole('article').first()
    /** The mailbox once its newest mail is `subject`: the sender keeps a mail within a second of its commit. */
    const openMailbox = (locale: string, subject: string) =>
      expect(async () => {
        await page.goto(`${demo.tenantOrigin('espoo')}/demo-mailbox?lang=${locale}`)
        await expect(newest.getByRole('heading', { level: 2 })).toHaveText(subject, { timeout: 1_000 })
      }).toPass()
    await page.goto(portalUrl(demo, 'espoo', '/login?locale=fi'))
    await logIn(page, _, demoUsers.guardian)
    await page.goto(portalUrl(demo, 'espoo', '/personal-info?lang=fi'))
    await changeAddress(page, _, address)

    // The mail is listed in the user's language (Finnish), the page in any.
    for (const locale of locales) {
      const pageCatalog = await catalog(locale)
      await openMailbox(locale, _('mail.verify.subject'))
      await expect(
        page.getByRole('heading', { level: 1, name: pageCatalog('mail.demo.title') }),
      ).toBeVisible()
      await expectAccessible()
    }
    await page.getByRole('link', { name: /\/email\/verify\?token=/ }).click()
    await expect(
      page.getByRole('heading', { level: 1, name: _('email_verify.confirmed_title') }),
    ).toBeVisible()

    // Signed out, the user recovers the password: the reset mail's link opens the new password's form.
    await page.context().clearCookies()
    await page.goto(portalUrl(demo, 'espoo', '/login/forgot?locale=fi'))
    await page.getByRole('textbox', { name: _('login.forgot_identifier') }).fill(address)
    await page.getByRole('button', { name: _('login.forgot_submit') }).click()
    await expect(page.getByRole('heading', { level: 1, name: _('login.forgot_sent_title') })).toBeVisible()
    await openMailbox('fi', _('mail.reset.subject'))
    await newest.getByRole('link', { name: /\/login\/reset\?token=/ }).click()
    await expect(page.getByRole('heading', { level: 1, name: _('login.reset_title') })).toBeVisible()
    await expect(
      page.getByText(_('login.reset_username', { userName: demoUsers.guardian.userName })),
    ).toBeVisible()
  })
})

const accountMails: MailData[] = [
  { kind: 'verifyEmail', firstName: 'Aino', token: 'verify' },
  { kind: 'emailChanged', firstName: 'Aino' },
  { kind: 'passwordReset', accounts: [{ userName: 'aino.m', token: 'reset' }], strongAuthOnly: true },
]
const notification: MailData = {
  kind: 'notification',
  notification: {
    kind: 'tripCancelled',
    passengerId: 'p1',
    firstName: 'Aino',
    tripId: 'trip-1',
    date: '2026-12-08',
    startAt: '2026-12-08T06:30:00Z',
  },
}

test('every kind of mail is accessible HTML in every locale', async ({ page, expectAccessible }) => {
  const i18n = await loadServerI18n()
  for (const locale of locales)
    for (const data of [notification, ...accountMails]) {
      const mail = mailText(i18n, data, {
        locale,
        portalUrl: 'https://espoo.matkaportaali.fi',
        timeZone: 'Europe/Helsinki',
        serviceName: 'Espoon asiointiliikenne',
        unsubscribeUrl:
          data.kind === 'notification' ? 'https://espoo.matkaportaali.fi/email/unsubscribe?token=t' : null,
      })
      await page.setContent(mail.html)
      await expect(page.getByRole('heading', { level: 1, name: mail.subject })).toBeVisible()
      await expectAccessible()
    }
})
