import type { MailData } from '../../server/domain/mailData'
import { mailText } from '../../server/email/mailTexts'
import { loadServerI18n } from '../../server/i18n/catalogs'
import { catalog } from './support/catalog'
import { expect, test } from './support/fixtures'
import { locales } from './support/locales'
import { startServer, type RunningServer } from './support/server'

/**
 * The demo without SMTP settings (a server of its own: the worker's sends to its SMTP peer) keeps its mails and
 * lists them on a page only local hosts reach; it passes axe in every locale.
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
