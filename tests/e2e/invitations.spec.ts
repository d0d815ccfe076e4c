import { catalog } from './support/catalog'
import { expect, test } from './support/fixtures'
import { identifyToAccept, locales } from './support/locales'
import { portalUrl, type Locale } from './support/portal'

/**
 * Accepting an invitation consumes its code and adds passengers to a user, so each locale's journey keeps to a
 * tenant of its own, accepts that tenant's two waiting demo invitations (`-01`, `-02`) and no other journey's,
 * and signs in as a test identity that becomes a new user there, whose passengers no other test counts.
 */
const tenants: Record<Locale, string> = { fi: 'espoo', sv: 'luvn', en: 'helpbus' }
const identity = /Helmi Korhonen/

for (const locale of locales) {
  const tenant = tenants[locale]
  const code = (number: number) => `demo-invitation-${tenant}-${String(number).padStart(2, '0')}`

  test(`an invitation is accepted signed out through the login, then another signed in (${locale})`, async ({
    page,
    browser,
    server,
    expectAccessible,
  }) => {
    const _ = await catalog(locale)
    const open = (path: string) => page.goto(portalUrl(server, tenant, `${path}?lang=${locale}`))

    // Signed out: the invitation shows its passengers, and accepting it goes through the real login page.
    await open(`/invitation/${code(1)}`)
    await expect(page.getByText('Kerttu Salminen')).toBeVisible()
    await expect(page.getByText('Toivo Salminen')).toBeVisible()
    await expectAccessible()
    await page.getByRole('button', { name: _('invitation.log_in_and_accept') }).click()
    await expect(page).toHaveURL(/\/login\?locale=/)
    await identifyToAccept(page, _, identity)
    await expect(page).toHaveURL(portalUrl(server, tenant, `/passengers?lang=${locale}`))
    await expect(page.getByRole('heading', { name: 'Kerttu Salminen' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Toivo Salminen' })).toBeVisible()

    // Consumed: to the user who accepted it, it shows as theirs; for anyone else it is gone.
    await open(`/invitation/${code(1)}`)
    await expect(page.getByText(_('invitation.accepted'))).toBeVisible()
    const stranger = await browser.newPage()
    await stranger.goto(portalUrl(server, tenant, `/invitation/${code(1)}?lang=${locale}`))
    await expect(stranger.getByRole('alert')).toHaveText(_('invitation.not_found'))
    await stranger.close()

    // Signed in: accepted here, through the API, then shown as accepted with a way to the passengers.
    await open(`/invitation/${code(2)}`)
    await expect(page.getByText('Irja Salminen')).toBeVisible()
    await expectAccessible()
    await page.getByRole('button', { name: _('invitation.accept'), exact: true }).click()
    await expect(page.getByText(_('invitation.accepted'))).toBeVisible()
    await expect(page.getByRole('button', { name: _('invitation.accept'), exact: true })).toHaveCount(0)
    await expectAccessible()
    await page.getByRole('link', { name: _('invitation.to_passengers') }).click()
    await expect(page.getByRole('heading', { name: 'Irja Salminen' })).toBeVisible()
  })

  test(`unknown, expired and refused invitations say so (${locale})`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    const _ = await catalog(locale)
    const open = (path: string) => page.goto(portalUrl(server, tenant, `${path}?lang=${locale}`))
    for (const unknown of ['not-a-code', `demo-invitation-${tenant}-99`, code(4)]) {
      await open(`/invitation/${unknown}`)
      await expect(page.getByRole('alert')).toHaveText(_('invitation.not_found'))
    }
    await expectAccessible()

    // The server's guess limit (429) is per address and minute: a real one would refuse the other journeys of
    // this worker too, so its answer is played here.
    await page.route('**/api/invitation/*', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ statusCode: 429, code: 'too_many_requests', message: 'slow down' }),
      }),
    )
    await open(`/invitation/${code(3)}`)
    await expect(
      page.getByRole('status').filter({ hasText: _('invitation.too_many_requests') }),
    ).toBeVisible()
    await expectAccessible()
    await page.unroute('**/api/invitation/*')
    // Tried again, the server's own answer: the guardian accepted -03, so for anyone else it is not found.
    await page.getByRole('button', { name: _('invitation.try_again') }).click()
    await expect(page.getByRole('alert')).toHaveText(_('invitation.not_found'))
  })
}
