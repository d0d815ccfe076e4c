import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { loginWithPassword, portalUrl, signIn, type Locale } from './support/portal'

const labels = {
  en: { title: 'Personal information', name: 'Name', username: 'Username' },
  fi: { title: 'Omat tiedot', name: 'Nimi', username: 'Käyttäjätunnus' },
  sv: { title: 'Mina uppgifter', name: 'Namn', username: 'Användarnamn' },
} as const

for (const [locale, texts] of Object.entries(labels)) {
  test(`personal info shows the user's details in ${locale}, and refuses an invalid email`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    const _ = await catalog(locale as Locale)
    await signIn(page, server, 'helpbus', demoUsers.single)
    await expect(page).toHaveURL(/\/passengers$/)
    await page.goto(portalUrl(server, 'helpbus', `/personal-info?lang=${locale}`))
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible()
    await expect(page.getByText(texts.name, { exact: true })).toBeVisible()
    await expect(page.getByText(texts.username, { exact: true })).toBeVisible()
    await expect(page.getByText('single', { exact: true })).toBeVisible()
    await expectAccessible()

    // By keyboard alone: the user has no email yet; an invalid one is refused on its field, which keeps focus.
    await page.getByRole('button', { name: _('personal_info.add_email') }).focus()
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: _('personal_info.email_title') })
    const field = dialog.getByRole('textbox', { name: _('personal_info.email') })
    await expect(field).toBeVisible()
    // The dialog focuses its first control; the field is reached with Tab.
    for (let presses = 0; presses < 3; presses++) {
      if (await field.evaluate((element) => element === document.activeElement)) break
      await page.keyboard.press('Tab')
    }
    await expect(field).toBeFocused()
    await page.keyboard.type('sanna.laine@example')
    await page.keyboard.press('Enter')
    await expect(dialog.getByText(_('password.errors.InvalidEmail'))).toBeVisible()
    await expect(field).toBeFocused()
    await expect(field).toHaveAttribute('aria-invalid', 'true')
    await expect(field).toHaveAccessibleDescription(new RegExp(_('password.errors.InvalidEmail')))
    await expectAccessible()
    // Nothing was saved: this user's email stays empty for the other locales' tests.
    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(page.getByRole('button', { name: _('personal_info.add_email') })).toBeFocused()
  })
}

test('the password screen maps errors to fields and changes the password', async ({
  page,
  server,
  expectAccessible,
}) => {
  await signIn(page, server, 'lapha', demoUsers.single)
  await page.goto(portalUrl(server, 'lapha', '/password'))
  await expect(page.getByRole('heading', { level: 1, name: 'Change password' })).toBeVisible()
  const newPassword = 'Uusi-salasana-2026!'
  await page.getByLabel('Current password').fill('wrong-current-password')
  await page.getByLabel('New password', { exact: true }).fill(newPassword)
  await page.getByLabel('Confirm new password').fill(`${newPassword}x`)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText(/do not match/i)).toBeVisible()

  await page.getByLabel('Confirm new password').fill(newPassword)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText(/incorrect password/i)).toBeVisible()
  await expectAccessible()

  await page.getByLabel('Current password').fill(demoUsers.single.password)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(page.getByText('Your password has been changed.')).toBeVisible()

  await page.getByRole('button', { name: 'Account' }).click()
  await page.getByRole('menuitem', { name: 'Log out' }).click()
  await page.getByRole('button', { name: 'Log back in' }).click()
  await page.getByRole('textbox', { name: 'Username', exact: true }).fill('single')
  await page.getByLabel('Password', { exact: true }).fill(newPassword)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(page).toHaveURL(portalUrl(server, 'lapha', '/booking'))
})

test('a user without a password creates a login with a username', async ({ page, server }) => {
  await page.goto(portalUrl(server, 'luvn', '/password?lang=en'))
  await page.getByRole('button', { name: 'Login', exact: true }).click()
  await page.getByRole('link', { name: 'Log in with strong authentication' }).click()
  await page.getByRole('button', { name: /Aino Virtanen/ }).click()
  await expect(page).toHaveURL(portalUrl(server, 'luvn', '/password?lang=en'))
  await expect(page.getByRole('heading', { level: 1, name: 'Create password' })).toBeVisible()
  await page.getByLabel('Username').fill('guardian')
  const email = page.getByRole('textbox', { name: 'Email' })
  await email.fill('aino.virtanen@example')
  await page.getByLabel('New password', { exact: true }).fill('Aino-Virtanen-2026!')
  await page.getByLabel('Confirm new password').fill('Aino-Virtanen-2026!')
  await page.getByRole('button', { name: 'Create login' }).click()
  await expect(page.getByText('The email must be valid')).toBeVisible()
  await expect(email).toBeFocused()
  await email.fill('aino.virtanen@example.fi')
  await page.getByRole('button', { name: 'Create login' }).click()
  await expect(page.getByText(/already in use/i)).toBeVisible()
  await page.getByLabel('Username').fill('aino.virtanen')
  await page.getByRole('button', { name: 'Create login' }).click()
  await expect(page.getByRole('main').getByText(/created/i)).toBeVisible()

  // The email came with the login; personal info changes it, and the new one shows at once and after a reload.
  await page.goto(portalUrl(server, 'luvn', '/personal-info'))
  await expect(page.getByText('aino.virtanen', { exact: true })).toBeVisible()
  await expect(page.getByText('aino.virtanen@example.fi', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Change email' }).click()
  const dialog = page.getByRole('dialog', { name: 'Email address' })
  await dialog.getByRole('textbox', { name: 'Email' }).fill(' aino@virtanen.example.fi ')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('aino@virtanen.example.fi', { exact: true })).toBeVisible()
  await page.reload()
  await expect(page.getByText('aino@virtanen.example.fi', { exact: true })).toBeVisible()
  await page.context().clearCookies()
  await page.goto(portalUrl(server, 'luvn', '/?lang=en'))
  await loginWithPassword(page, { userName: 'aino.virtanen', password: 'Aino-Virtanen-2026!' })
  await expect(page).toHaveURL(portalUrl(server, 'luvn', '/booking'))
})
