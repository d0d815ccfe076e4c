import { demoUsers, expect, test } from './support/fixtures'
import { installed, portalUrl, signIn } from './support/portal'

const screens = {
  en: { title: 'Passengers', next: /Next trip:/, edit: /Edit initials/ },
  fi: { title: 'Matkustajat', next: /Seuraava matka/, edit: /Muokkaa nimikirjaimia/ },
  sv: { title: 'Passagerare', next: /Nästa resa/, edit: /Redigera initialer/ },
} as const

for (const [locale, texts] of Object.entries(screens)) {
  test(`passengers list the guardian's three passengers with next trips in ${locale}`, async ({
    page,
    server,
    expectAccessible,
  }) => {
    await signIn(page, server, 'helpbus', demoUsers.guardian)
    await expect(page).toHaveURL(/\/passengers$/)
    await page.goto(portalUrl(server, 'helpbus', `/passengers?lang=${locale}`))
    await expect(page.getByRole('heading', { level: 1, name: texts.title })).toBeVisible()
    const items = page.getByRole('main').getByRole('listitem')
    await expect(items).toHaveCount(3)
    await expect(items.filter({ hasText: texts.next })).not.toHaveCount(0)
    await expect(page.getByRole('button', { name: texts.edit })).toHaveCount(3)
    await expectAccessible()
  })
}

test('initials are validated, saved, and confirmed with a notice', async ({
  page,
  server,
  expectAccessible,
}) => {
  await signIn(page, server, 'keskustaksi', demoUsers.single)
  await page.goto(portalUrl(server, 'keskustaksi', '/passengers'))
  const edit = page.getByRole('button', { name: /Edit initials/ })
  await edit.click()
  const dialog = page.getByRole('dialog', { name: 'Edit initials' })
  // The dialog's code loads on first open: the person sees it before pressing Escape.
  await expect(dialog).toBeVisible()
  // Escape closes the dialog and gives focus back to the button that opened it.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(edit).toBeFocused()
  await edit.click()
  const field = dialog.getByLabel('Initials')
  await field.fill('')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog.getByText(/1 or 2 characters|between one and two/i).first()).toBeVisible()
  await expectAccessible()
  await field.fill('qx')
  await dialog.getByRole('button', { name: 'Save' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByRole('status').filter({ hasText: 'Saved successfully' })).toBeVisible()
  await expect(page.getByRole('main').getByText('QX', { exact: true })).toBeVisible()
})

test('adding a passenger rejects a bad token, refocuses, and accepts a valid one', async ({
  page,
  server,
}) => {
  await signIn(page, server, 'tatkela', demoUsers.single)
  await page.goto(portalUrl(server, 'tatkela', '/passengers'))
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(1)
  await page.getByRole('button', { name: 'Add passenger' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add passenger' })
  const field = dialog.getByLabel('Access code')
  await field.fill('NOPE-0000')
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog.getByText('Invalid token')).toBeVisible()
  await expect(field).toBeFocused()
  await field.fill('LISAA-1001')
  await dialog.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Passenger added')).toBeVisible()
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(2)
})

test('passengers still show after going offline and reloading', async ({ page, context, server }) => {
  await signIn(page, server, 'helpbus', demoUsers.guardian)
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(3)
  await installed(page)
  await context.setOffline(true)
  await page.reload()
  await expect(page.getByText('Network connection not available')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Passengers' })).toBeVisible()
  await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(3)
  await context.setOffline(false)
})
