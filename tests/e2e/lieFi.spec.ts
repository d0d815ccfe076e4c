import { watchCommands } from './support/commands'
import { serverUnreachable } from './support/connection'
import { demoUsers, expect, test } from './support/fixtures'
import { installed, portalUrl, signIn } from './support/portal'
import { futureTrips, serverTrips } from './support/trips'

test('with the network up but the server out of reach, the portal says so, keeps a cancellation pending through a reload, and sends it once when the server answers', async ({
  page,
  context,
  server,
}) => {
  const tenant = 'keskustaksi'
  await signIn(page, server, tenant, demoUsers.single)
  const [trip] = await futureTrips(page, 1)
  await installed(page)
  const cancels: string[] = []
  await watchCommands(context, (commands) => {
    for (const command of commands) if (command.call === 'cancelTrips') cancels.push(command.key)
  })
  await page.goto(portalUrl(server, tenant, `/trips/${trip!.id}/${trip!.date}`))
  const cancel = page.getByRole('button', { name: 'Cancel trip' })
  await expect(cancel).toBeVisible()
  const unreachable = page.getByText('The service cannot be reached right now')
  await expect(unreachable).toBeHidden()

  const answerAgain = await serverUnreachable(context)
  await cancel.click()
  const dialog = page.getByRole('dialog', { name: 'Cancel trip' })
  await dialog.getByLabel('Reason for cancellation').fill('Ei tarvita')
  await dialog.getByRole('button', { name: 'Cancel trip' }).click()
  await expect(dialog).toBeHidden()
  // The replay got no answer: the banner says why nothing goes, though the browser believes it is online.
  await expect(unreachable).toBeVisible()
  expect(await page.evaluate(() => navigator.onLine)).toBe(true)
  await expect(page.getByText('Network connection not available')).toHaveCount(0)
  await expect(page.getByText('Cancellation pending').first()).toBeVisible()
  await expect(
    page.getByText('1 change waiting to be sent. It will be sent when the connection returns.'),
  ).toBeVisible()

  await page.reload()
  await expect(unreachable).toBeVisible()
  await expect(page.getByText('Cancellation pending').first()).toBeVisible()
  expect(cancels).toEqual([])

  // The server answers again: the page's probe finds it, and what waits goes at once, not at the next pull.
  await answerAgain()
  await expect(unreachable).toBeHidden({ timeout: 30_000 })
  await expect
    .poll(async () => (await serverTrips(page)).find((each) => each.id === trip!.id)?.cancelledAt ?? null)
    .not.toBeNull()
  await expect(page.getByText(/changes? waiting to be sent/)).toBeHidden()
  expect(cancels).toHaveLength(1)
})

test('without Background Sync, as in Safari and Firefox, a change made offline says the portal must be open to send it, and goes when the network returns, in Finnish', async ({
  page,
  context,
  server,
}) => {
  const tenant = 'keskustaksi'
  await context.addInitScript(() => {
    delete (window as { SyncManager?: unknown }).SyncManager
    Object.defineProperty(ServiceWorkerRegistration.prototype, 'sync', { get: () => undefined })
  })
  await signIn(page, server, tenant, demoUsers.single)
  const [trip] = await futureTrips(page, 1)
  await installed(page)
  const cancels: string[] = []
  await watchCommands(context, (commands) => {
    for (const command of commands) if (command.call === 'cancelTrips') cancels.push(command.key)
  })
  await page.goto(portalUrl(server, tenant, `/trips/${trip!.id}/${trip!.date}?lang=fi`))
  const cancel = page.getByRole('button', { name: 'Peruuta matka' })
  await expect(cancel).toBeVisible()
  await context.setOffline(true)
  await cancel.click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox').fill('Ei tarvita')
  await dialog.getByRole('button', { name: 'Peruuta matka' }).click()
  await expect(dialog).toBeHidden()
  await expect(
    page.getByText('1 muutos odottaa lähetystä. Se lähetetään, kun yhteys palaa ja portaali on auki.'),
  ).toBeVisible()
  expect(cancels).toEqual([])

  await context.setOffline(false)
  await expect
    .poll(async () => (await serverTrips(page)).find((each) => each.id === trip!.id)?.cancelledAt ?? null)
    .not.toBeNull()
  // Nothing waits to be sent any more (the screen's own end of it, the trip shown cancelled, is outbox.spec.ts's).
  await expect(page.getByText(/muutos(ta)? odottaa lähetystä/)).toBeHidden()
  expect(cancels).toHaveLength(1)
})
