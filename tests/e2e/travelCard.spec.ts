import type { Page } from '@playwright/test'
import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { identifyToAccept, locales, openLoginPage, submitPassword } from './support/locales'
import { portalUrl, shownAlert, type Locale } from './support/portal'

/**
 * A registered card's invitation adds its passenger to a user, so each locale's journey keeps to a tenant of its
 * own that registers cards, and signs in as test identities that become new users there, whose passengers no
 * other test counts (invitations.spec.ts signs in as Helmi Korhonen on tenants that do not register cards, and
 * on meneva, whose cards only it registers). The demo's `single` is only ever refused here, which changes
 * nothing of theirs.
 */
const tenants: Record<Locale, string> = { fi: 'kovanen', sv: 'fixutaxi', en: 'lahitaksi' }
const cards = {
  ville: { name: 'Ville Kortesalmi', cardNumber: '7300 1000 0001' },
  // Spaces and case do not matter.
  nelli: { name: 'nelli  KORTESALMI', cardNumber: '730010000002' },
  unknown: { name: 'Ville Kortesalmi', cardNumber: '7300 1000 0009' },
}

for (const locale of locales) {
  const tenant = tenants[locale]

  test(`a travel card is registered anonymously through the login, another added to the current user, then one whose passenger has a guardian only with strong authentication (${locale})`, async ({
    page,
    browser,
    server,
    expectAccessible,
  }) => {
    // Three people sign in on two devices, with axe on the way: more than the default minute on a busy machine.
    test.slow()
    const _ = await catalog(locale)
    const send = page.getByRole('button', { name: _('travel_card.send') })
    const fillOn = async (on: Page, card: { name: string; cardNumber: string }) => {
      await on.getByLabel(_('travel_card.name'), { exact: true }).fill(card.name)
      await on.getByLabel(_('travel_card.card_number'), { exact: true }).fill(card.cardNumber)
    }
    const fill = (card: { name: string; cardNumber: string }) => fillOn(page, card)

    // Anonymous, from the home page's Register button.
    await page.goto(portalUrl(server, tenant, `/?lang=${locale}`))
    await page.getByRole('link', { name: _('home.register') }).click()
    await expect(page).toHaveURL(portalUrl(server, tenant, '/register-travel-card'))
    await expect(send).toBeDisabled()
    await page.getByLabel(_('travel_card.name'), { exact: true }).fill(cards.ville.name)
    await expect(send).toBeDisabled()
    await expectAccessible()

    await fill(cards.unknown)
    await send.click()
    await expect(shownAlert(page)).toHaveText(_('travel_card.not_found'))
    await expectAccessible()
    // Any refusal but 404 is a plain failure, a malformed request's 400 too (the screen tests try the others).
    const badRequest = { statusCode: 400, code: 'validation_failed', message: 'The request is not valid' }
    await page.route(
      '**/api/account/registercard',
      (route) => route.fulfill({ status: 400, json: badRequest }),
      { times: 1 },
    )
    await fill(cards.nelli)
    await send.click()
    await expect(shownAlert(page)).toHaveText(_('travel_card.failed'))

    await send.click()
    await expect(page.getByText(_('travel_card.success_title'))).toBeVisible()
    await expect(page.getByText('Nelli Kortesalmi')).toBeVisible()
    await expect(page.getByRole('button', { name: _('travel_card.add_to_current') })).toHaveCount(0)
    await expectAccessible()
    await page.getByRole('button', { name: _('travel_card.continue') }).click()
    await identifyToAccept(page, _, /Mikko Nieminen/)
    await expect(page).toHaveURL(portalUrl(server, tenant, `/passengers?lang=${locale}`))
    await expect(page.getByRole('heading', { name: 'Nelli Kortesalmi' })).toBeVisible()

    // Signed in: added to the current user through the API.
    await page.goto(portalUrl(server, tenant, `/register-travel-card?lang=${locale}`))
    await fill(cards.ville)
    await send.click()
    await expect(page.getByText(_('travel_card.success_title'))).toBeVisible()
    await expect(page.getByRole('button', { name: _('travel_card.continue') })).toHaveCount(0)
    await expect(page.getByRole('button', { name: _('travel_card.create_new') })).toBeVisible()
    await expectAccessible()
    await page.getByRole('button', { name: _('travel_card.add_to_current') }).click()
    await expect(page).toHaveURL(portalUrl(server, tenant, '/passengers'))
    await expect(page.getByRole('heading', { name: 'Ville Kortesalmi' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Nelli Kortesalmi' })).toBeVisible()

    // Nelli has a guardian now. Someone signed in with a password registers her card on another device: the
    // invitation says that accepting takes strong authentication, and Add to current is refused, saying why.
    const device = await browser.newContext()
    const other = await device.newPage()
    await openLoginPage(other, server, tenant, locale)
    await submitPassword(other, demoUsers.single)
    await expect(other).toHaveURL(portalUrl(server, tenant, '/booking'))
    await other.goto(portalUrl(server, tenant, `/register-travel-card?lang=${locale}`))
    await fillOn(other, cards.nelli)
    await other.getByRole('button', { name: _('travel_card.send') }).click()
    await expect(other.getByText(_('invitation.verified_identity_notice'))).toBeVisible()
    await expectAccessible(other)
    await other.getByRole('button', { name: _('travel_card.add_to_current') }).click()
    await expect(shownAlert(other)).toHaveText(_('invitation.identity_required'))
    await expectAccessible(other)

    // Create new: strong authentication makes a new user, who joins Mikko as Nelli's guardian, and her
    // guardians read in her messages who joined and when.
    await other.getByRole('button', { name: _('travel_card.create_new') }).click()
    await identifyToAccept(other, _, /Helmi Korhonen/)
    await expect(other).toHaveURL(portalUrl(server, tenant, `/passengers?lang=${locale}`))
    await expect(other.getByRole('heading', { name: 'Nelli Kortesalmi' })).toBeVisible()
    await other.goto(portalUrl(server, tenant, `/messages?lang=${locale}`))
    await expect(
      other.getByText(/Helmi Korhonen lisättiin \d+\.\d+\.\d{4} matkustajan Nelli Kortesalmi huoltajaksi/),
    ).toBeVisible()
    await expect(
      other.getByText(/Helmi Korhonen lades \d+\.\d+\.\d{4} till som vårdnadshavare/),
    ).toBeVisible()
    await device.close()
  })
}

test('Create new ends the session and makes a new user of whoever identifies next', async ({
  page,
  server,
}) => {
  // The fifth tenant that registers cards, so two new identities are free there.
  const tenant = 'lapha'
  const _ = await catalog('en')
  await page.goto(portalUrl(server, tenant, '/register-travel-card?lang=en'))
  await page.getByLabel('Name', { exact: true }).fill(cards.ville.name)
  await page.getByLabel('Travel card number', { exact: true }).fill(cards.ville.cardNumber)
  await page.getByRole('button', { name: 'Send' }).click()
  await page.getByRole('button', { name: 'Continue' }).click()
  await identifyToAccept(page, _, /Helmi Korhonen/)
  await expect(page.getByRole('heading', { name: 'Ville Kortesalmi' })).toBeVisible()

  await page.goto(portalUrl(server, tenant, '/register-travel-card?lang=en'))
  await page.getByLabel('Name', { exact: true }).fill(cards.nelli.name)
  await page.getByLabel('Travel card number', { exact: true }).fill(cards.nelli.cardNumber)
  await page.getByRole('button', { name: 'Send' }).click()
  await page.getByRole('button', { name: 'Create new' }).click()
  // Logged out on the way, by the portal's own logout first: Helmi's local data is gone before anyone else
  // signs in on this device. The login page asks again, and the new user gets the card's passenger alone.
  await expect(page.getByText(_('login.invitation_notice'))).toBeVisible()
  const databases = await page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name))
  expect(databases.filter((name) => name?.startsWith(`portal:${tenant}:`))).toEqual([])
  await identifyToAccept(page, _, /Mikko Nieminen/)
  await expect(page).toHaveURL(portalUrl(server, tenant, '/passengers?lang=en'))
  await expect(page.getByRole('heading', { name: 'Nelli Kortesalmi' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Ville Kortesalmi' })).toHaveCount(0)
})

test('a tenant that registers no cards has no such page', async ({ page, server }) => {
  await page.goto(portalUrl(server, 'espoo', '/register-travel-card?lang=en'))
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
  await expect(page.getByLabel('Travel card number')).toHaveCount(0)
})
