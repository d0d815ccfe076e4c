import { expect, type Page } from '@playwright/test'
import type { ReceivedMail, SmtpPeer } from '../../server/support/smtpPeer'
import type { Catalog } from './catalog'
import type { RunningServer } from './server'
import { portalUrl } from './portal'

/** The link of a mail that opens `path` (a single-use token's link), from its plain text. */
export function linkIn(mail: ReceivedMail, path: string): string {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
  const link = new RegExp(`https?://[^\\s<>"]*${escaped}[A-Za-z0-9_-]+`).exec(mail.text ?? '')?.[0]
  if (!link) throw new Error(`No ${path} link in the mail "${mail.subject}"`)
  return link
}

export async function logIn(page: Page, _: Catalog, user: { userName: string; password: string }) {
  await page.getByRole('textbox', { name: _('login.username'), exact: true }).fill(user.userName)
  await page.getByLabel(_('login.password'), { exact: true }).fill(user.password)
  await page.getByRole('button', { name: _('login.submit'), exact: true }).click()
  await page.waitForURL((url) => !/\/login$/.test(url.pathname))
}

/**
 * On the personal info screen, the user changes the email to `address`, saved and shown unconfirmed. A seeded
 * address is unconfirmed too, so only the new address on the page says the save is done; leaving before that
 * would abort its request.
 */
export async function changeAddress(page: Page, _: Catalog, address: string): Promise<void> {
  await page.getByRole('button', { name: _('personal_info.change_email') }).click()
  const dialog = page.getByRole('dialog', { name: _('personal_info.email_title') })
  await dialog.getByRole('textbox', { name: _('personal_info.email') }).fill(address)
  await dialog.getByRole('button', { name: _('common.save') }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(address, { exact: true })).toBeVisible()
  await expect(page.getByText(_('personal_info.email_unverified'))).toBeVisible()
}

/**
 * The signed-in user gives `address` on the personal info screen and confirms it by the link mailed to it; axe
 * runs on the screen and on the confirmation's page.
 */
export async function confirmAddress(
  page: Page,
  server: RunningServer,
  tenant: string,
  mailbox: SmtpPeer,
  _: Catalog,
  address: string,
  expectAccessible: () => Promise<void>,
): Promise<void> {
  await page.goto(portalUrl(server, tenant, '/personal-info?lang=fi'))
  await changeAddress(page, _, address)
  await expectAccessible()
  const confirmation = await mailbox.waitFor((mail) => mail.envelope.to.includes(address))
  await page.goto(linkIn(confirmation, '/email/verify?token='))
  await expect(page.getByRole('heading', { level: 1, name: _('email_verify.confirmed_title') })).toBeVisible()
  await expectAccessible()
  await page.getByRole('link', { name: _('email_verify.to_portal') }).click()
  await expect(page.getByText(_('personal_info.email_verified'), { exact: true })).toBeVisible()
}
