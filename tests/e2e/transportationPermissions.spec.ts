import { demoUsers, expect, test } from './support/fixtures'
import { catalog } from './support/catalog'
import { portalUrl, signIn } from './support/portal'

/** The three tenants that show transportation permissions (spec section 6), one per locale. */
const tenants = { fi: 'demo', sv: 'kulkukeskus', en: 'luvn' } as const

/** Every demo passenger has the seven kinds of permission listed in the README's Demo section. */
const demoPermissions = 7

for (const [locale, tenant] of Object.entries(tenants) as [keyof typeof tenants, string][]) {
  test(`a guardian chooses a passenger, views a permission and opens it as a page in ${locale}`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    const text = await catalog(locale)
    await signIn(page, server, tenant, demoUsers.guardian)
    await page.goto(portalUrl(server, tenant, `/transportationPermissions?lang=${locale}`))
    const main = page.getByRole('main')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('menu.transportation_permissions'))
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(text('permissions.choose_passenger'))
    await expect(main.getByRole('listitem')).toHaveCount(3)
    await expectAccessible()

    // Step 1 to step 2: the chosen passenger's permissions, each with its View button.
    const passenger = main.getByRole('listitem').first().getByRole('link')
    // The initials beside the name are hidden from assistive technology: the name is the link's other text.
    const name = (await passenger.locator(':scope > span:not([aria-hidden])').first().innerText()).trim()
    await passenger.click()
    await expect(page).toHaveURL(/passenger=/)
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(name)
    const permissions = main.getByRole('listitem')
    await expect(permissions).toHaveCount(demoPermissions)
    const view = new RegExp(`^${text('permissions.view')}`)
    await expect(main.getByRole('button', { name: view })).toHaveCount(demoPermissions)
    await expectAccessible()

    // The View dialog: its title is the permission, with the permission's sections and each period.
    const first = permissions.first()
    const permissionName = (await first.getByRole('heading', { level: 3 }).innerText()).trim()
    await first.getByRole('button', { name: view }).click()
    const dialog = page.getByRole('dialog', { name: permissionName })
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('heading', { level: 3, name: text('permissions.periods') })).toBeVisible()
    await expect(dialog.getByRole('heading', { level: 4 }).first()).toBeVisible()
    await expectAccessible()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()

    // Selecting a permission navigates to its detail route.
    await first.getByRole('link', { name: permissionName }).click()
    await expect(page).toHaveURL(/\/transportationPermissions\/[^/?]+\/[^/?]+$/)
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(text('screen.transportation_permission'))
    await expect(main.getByRole('heading', { level: 2, name: permissionName })).toBeVisible()
    await expect(main.getByRole('heading', { level: 2, name: text('permissions.periods') })).toBeVisible()
    await expectAccessible()

    // Back to the list, then to step 1.
    await main.getByRole('link', { name: text('permissions.back_to_list') }).click()
    await expect(permissions).toHaveCount(demoPermissions)
    await main.getByRole('link', { name: text('permissions.choose_another') }).click()
    await expect(main.getByRole('heading', { level: 2 })).toHaveText(text('permissions.choose_passenger'))
  })

  test(`the one-passenger user goes straight to the permissions in ${locale}`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    const text = await catalog(locale)
    await signIn(page, server, tenant, demoUsers.single)
    await page.goto(portalUrl(server, tenant, `/transportationPermissions?lang=${locale}`))
    const main = page.getByRole('main')
    await expect(main.getByRole('listitem')).toHaveCount(demoPermissions)
    await expect(main.getByText(text('permissions.choose_passenger'))).toHaveCount(0)
    await expect(main.getByRole('link', { name: text('permissions.choose_another') })).toHaveCount(0)
    await expectAccessible()
  })
}
