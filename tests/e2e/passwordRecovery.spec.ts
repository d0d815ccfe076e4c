import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { confirmAddress, linkIn, logIn } from './support/mail'
import { portalUrl } from './support/portal'

test.use({ locale: 'fi-FI' })

test('an address confirmed by its mailed link recovers a forgotten password, which ends the session elsewhere', async ({
  page,
  browser,
  server,
  mailbox,
  expectAccessible,
}) => {
  // A tenant no other journey changes data on: its guardian's password changes here.
  const tenant = 'fimlab'
  const _ = await catalog('fi')
  const address = `huoltaja.${tenant}@example.fi`
  const newPassword = 'Uusi-Salasana-2027!'

  // Signed in in one browser, the guardian gives a new address and confirms it by the link mailed to it.
  await page.goto(portalUrl(server, tenant, '/login?locale=fi'))
  await logIn(page, _, demoUsers.guardian)
  await confirmAddress(page, server, tenant, mailbox, _, address, expectAccessible)

  // In another browser: "Forgot your password?" with the username.
  const other = await browser.newContext({ locale: 'fi-FI' })
  const second = await other.newPage()
  await second.goto(portalUrl(server, tenant, '/login?locale=fi'))
  await second.getByRole('link', { name: _('login.forgot_title') }).click()
  await expect(second.getByRole('heading', { level: 1, name: _('login.forgot_title') })).toBeVisible()
  await expectAccessible(second)
  await second.getByRole('textbox', { name: _('login.forgot_identifier') }).fill(demoUsers.guardian.userName)
  await second.getByRole('button', { name: _('login.forgot_submit') }).click()
  await expect(second.getByRole('heading', { level: 1, name: _('login.forgot_sent_title') })).toBeVisible()
  await expectAccessible(second)

  const recovery = await mailbox.waitFor(
    (mail) => mail.envelope.to.includes(address) && (mail.text ?? '').includes('/login/reset?token='),
  )
  await second.goto(linkIn(recovery, '/login/reset?token='))
  await expect(second.getByRole('heading', { level: 1, name: _('login.reset_title') })).toBeVisible()
  await expect(
    second.getByText(_('login.reset_username', { userName: demoUsers.guardian.userName })),
  ).toBeVisible()
  await expectAccessible(second)
  // A password against the rules is refused with the rules' words.
  await second.getByLabel(_('login.reset_password'), { exact: true }).fill('lyhyt')
  await second.getByLabel(_('login.reset_password_again'), { exact: true }).fill('lyhyt')
  await second.getByRole('button', { name: _('login.reset_submit') }).click()
  await expect(second.getByRole('alert')).toContainText(_('password.errors.PasswordRequiresDigit'))
  await expectAccessible(second)
  await second.getByLabel(_('login.reset_password'), { exact: true }).fill(newPassword)
  await second.getByLabel(_('login.reset_password_again'), { exact: true }).fill(newPassword)
  await second.getByRole('button', { name: _('login.reset_submit') }).click()
  await expect(second.getByRole('heading', { level: 1, name: _('login.reset_done_title') })).toBeVisible()
  await expectAccessible(second)

  // The new password signs in; the old one no longer does.
  await second.getByRole('link', { name: _('login.title') }).click()
  await logIn(second, _, { userName: demoUsers.guardian.userName, password: newPassword })
  await expect(second.getByRole('button', { name: _('home.login'), exact: true })).toHaveCount(0)
  await other.close()

  // The first browser's session was ended by the reset: its next start finds none and says so.
  await page.reload()
  await expect(page.getByRole('main').getByText(_('session.ended_title'), { exact: true })).toBeVisible()
})
