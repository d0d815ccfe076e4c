import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { portalUrl, signIn } from './support/portal'
import { halfMadeBooking, stepHeading } from './support/wizard'

test('a session that ends keeps the booking draft, says so, and the wizard continues after signing in again', async ({
  page,
  server,
  expectAccessible,
}) => {
  const tenant = 'kulkukeskus'
  const text = await catalog('fi')
  await signIn(page, server, tenant, demoUsers.guardian)
  await page.goto(portalUrl(server, tenant, '/booking?lang=fi'))
  await halfMadeBooking(page, 'fi')

  // The session ends while the portal is closed: the next start finds none.
  await page.context().clearCookies()
  await page.reload()
  const notice = page.getByRole('main').getByText(text('session.ended_title'), { exact: true })
  await expect(notice).toBeVisible()
  await expect(page.getByRole('main').getByText(text('session.kept_booking'), { exact: true })).toBeVisible()
  await expectAccessible()

  await page.getByRole('button', { name: text('home.login'), exact: true }).click()
  await page
    .getByRole('textbox', { name: text('login.username'), exact: true })
    .fill(demoUsers.guardian.userName)
  await page.getByLabel(text('login.password'), { exact: true }).fill(demoUsers.guardian.password)
  await page.getByRole('button', { name: text('login.submit'), exact: true }).click()
  // Back where they were, the draft as they left it.
  await expect(await stepHeading(page, 'fi', 4, 'booking.step_trip')).toBeVisible()
  await expect(page.getByRole('combobox', { name: text('booking.trip.from') })).not.toHaveValue('')
  await page.goto(portalUrl(server, tenant, '/?lang=fi'))
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  await expect(notice).toHaveCount(0)
})
