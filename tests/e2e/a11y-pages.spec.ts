import { catalog } from './support/catalog'
import { expect, test } from './support/fixtures'
import { locales, openLoginPage, submitPassword } from './support/locales'
import { portalUrl } from './support/portal'

test('server pages and the unknown-operator pages pass axe in every locale', async ({
  page,
  server,
  expectAccessible,
}) => {
  const unknownOrigin = server.tenantOrigin('nosuchoperator')
  for (const locale of locales) {
    const _ = await catalog(locale)
    // The login page with a wrong password's error (an unknown user, so no real account's limit is touched).
    await openLoginPage(page, server, 'espoo', locale)
    await submitPassword(page, { userName: 'a11y-nobody', password: 'not-a-password' })
    await expect(page.getByRole('alert')).toBeVisible()
    await expectAccessible()

    // The test identity provider's page, and the login page it returns to when the user cancels.
    await page.getByRole('link', { name: _('login.strong_button') }).click()
    await expect(page.getByRole('heading', { level: 1, name: _('idp.title') })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await expectAccessible()
    await page.getByRole('button', { name: _('idp.cancel') }).click()
    await expect(page.getByRole('alert')).toContainText(_('login.strong_failed'))
    await expectAccessible()

    // A link to stop e-mails that is not one of ours (the question and its answer need a real mail's link).
    const unsubscribe = await page.goto(
      portalUrl(server, 'espoo', `/email/unsubscribe?token=x.eta.y&lang=${locale}`),
    )
    expect(unsubscribe?.status()).toBe(400)
    await expect(
      page.getByRole('heading', { level: 1, name: _('email_unsubscribe.bad_title') }),
    ).toBeVisible()
    await expectAccessible()

    // The server's page for a host that names no operator.
    const response = await page.goto(`${unknownOrigin}/?lang=${locale}`)
    expect(response?.status()).toBe(404)
    await expect(page.getByRole('heading', { level: 1, name: _('app.unknown_tenant.title') })).toBeVisible()
    await expectAccessible()
  }
})

test('the password recovery and e-mail confirmation pages pass axe in every locale', async ({
  page,
  server,
  expectAccessible,
}) => {
  for (const locale of locales) {
    const _ = await catalog(locale)
    await page.goto(portalUrl(server, 'espoo', `/login/forgot?locale=${locale}`))
    await expect(page.getByRole('heading', { level: 1, name: _('login.forgot_title') })).toBeVisible()
    await expectAccessible()
    // No such account: the page answers as for any.
    await page.getByRole('textbox', { name: _('login.forgot_identifier') }).fill(`a11y-nobody-${locale}`)
    await page.getByRole('button', { name: _('login.forgot_submit') }).click()
    await expect(page.getByRole('heading', { level: 1, name: _('login.forgot_sent_title') })).toBeVisible()
    await expectAccessible()

    await page.goto(portalUrl(server, 'espoo', `/login/reset?token=a11y-no-such-link&locale=${locale}`))
    await expect(page.getByRole('heading', { level: 1, name: _('login.reset_dead_title') })).toBeVisible()
    await expectAccessible()
    await page.goto(portalUrl(server, 'espoo', `/email/verify?token=a11y-no-such-link&lang=${locale}`))
    await expect(page.getByRole('heading', { level: 1, name: _('email_verify.unknown_title') })).toBeVisible()
    await expectAccessible()
  }
})

test("the portal's own unknown-operator page passes axe in every locale", async ({
  page,
  server,
  expectAccessible,
}) => {
  // The server answers an unknown host with its own page; the portal's shows where a host serves the portal
  // anyway (a cached shell, a proxy). Here the default tenant's portal stands in for that host's answers.
  const unknownOrigin = server.tenantOrigin('nosuchoperator')
  await page.route(`${unknownOrigin}/**`, async (route) => {
    const url = route.request().url().replace(unknownOrigin, server.origin)
    await route.fulfill({ response: await route.fetch({ url }) })
  })
  for (const locale of locales) {
    const _ = await catalog(locale)
    await page.goto(portalUrl(server, 'nosuchoperator', `/?lang=${locale}`))
    await expect(page.getByRole('heading', { level: 1, name: _('app.unknown_tenant.title') })).toBeVisible()
    await expect(page.locator('html')).toHaveAttribute('lang', locale)
    await expectAccessible()
  }
})

test('the axe check fails on faint text, so that the passes above mean something', async ({
  page,
  server,
  expectAccessible,
}) => {
  await page.goto(portalUrl(server, 'espoo', '/privacy?lang=fi'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await page.evaluate(() => {
    const faint = document.createElement('p')
    faint.textContent = 'Vaalea teksti'
    faint.style.color = '#b0b0b0'
    document.querySelector('main')?.append(faint)
  })
  await expect(expectAccessible()).rejects.toThrow(/color-contrast/)
})
