import type { Page } from '@playwright/test'
import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { identifyToAccept, locales, submitPassword } from './support/locales'
import { portalUrl, shownAlert, type Locale } from './support/portal'

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
    await expect(shownAlert(stranger)).toHaveText(_('invitation.not_found'))
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
      await expect(shownAlert(page)).toHaveText(_('invitation.not_found'))
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
    const busy = _('invitation.too_many_requests')
    await expect(page.getByRole('main').getByText(busy)).toBeVisible()
    // Said through the announcer's polite status: the warning's box is no live region of its own.
    await expect(page.getByRole('status').filter({ hasText: busy })).toHaveCount(1)
    await expectAccessible()
    await page.unroute('**/api/invitation/*')
    // Tried again, the server's own answer: the guardian accepted -03, so for anyone else it is not found.
    await page.getByRole('button', { name: _('invitation.try_again') }).click()
    await expect(shownAlert(page)).toHaveText(_('invitation.not_found'))
  })
}

/**
 * A travel card's invitation of a passenger who already has a guardian takes strong authentication. Meneva's
 * cards are this journey's alone: Helmi Korhonen becomes Ville's guardian there first, then in each locale a
 * password sign-in is refused twice (by the sign-in and by the page), which changes nothing of `single`'s.
 */
test('an invitation of a passenger who has a guardian is refused without strong authentication, and says why (fi, sv, en)', async ({
  page,
  browser,
  server,
  expectAccessible,
}) => {
  // One person per locale signs in on a device of their own, with axe on the way: longer than one screen's test.
  test.slow()
  const tenant = 'meneva'
  // The card's invitation, registered from the page (its origin is the tenant's).
  const registerVille = (on: Page) =>
    on.evaluate(async () => {
      const response = await fetch('/api/account/registercard', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ cardNumber: '7300 1000 0001', name: 'Ville Kortesalmi' }),
      })
      return ((await response.json()) as { code: string }).code
    })
  const en = await catalog('en')
  await page.goto(portalUrl(server, tenant, '/?lang=en'))
  const first = await registerVille(page)
  await page.goto(portalUrl(server, tenant, `/invitation/${first}?lang=en`))
  await expect(page.getByText(en('invitation.verified_identity_notice'))).toHaveCount(0)
  await page.getByRole('button', { name: en('invitation.log_in_and_accept') }).click()
  await identifyToAccept(page, en, /Helmi Korhonen/)
  await expect(page.getByRole('heading', { name: 'Ville Kortesalmi' })).toBeVisible()

  for (const locale of locales) {
    const _ = await catalog(locale)
    const device = await browser.newContext()
    const other = await device.newPage()
    await other.goto(portalUrl(server, tenant, `/?lang=${locale}`))
    const code = await registerVille(other)
    const invitationUrl = portalUrl(server, tenant, `/invitation/${code}?lang=${locale}`)
    await other.goto(invitationUrl)
    await expect(other.getByText(_('invitation.verified_identity_notice'))).toBeVisible()
    await expectAccessible(other)

    // A password sign-in does not accept it: it lands on the invitation again, which says what it takes.
    await other.getByRole('button', { name: _('invitation.log_in_and_accept') }).click()
    await expect(other.locator('#username')).toBeVisible()
    await submitPassword(other, demoUsers.single)
    await expect(other).toHaveURL(invitationUrl)
    await expect(other.getByText(_('invitation.verified_identity_notice'))).toBeVisible()
    // Nor does that account accept it here, through the API; the page says why.
    await other.getByRole('button', { name: _('invitation.accept'), exact: true }).click()
    await expect(shownAlert(other)).toHaveText(_('invitation.identity_required'))
    await expect(other.getByRole('button', { name: _('invitation.accept_as_other') })).toBeEnabled()
    await expectAccessible(other)
    await device.close()
  }
})
