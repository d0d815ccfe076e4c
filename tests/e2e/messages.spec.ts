import type { Locator } from '@playwright/test'
import { watchCommands } from './support/commands'
import { catalog } from './support/catalog'
import { demoUsers, expect, test } from './support/fixtures'
import { locales } from './support/locales'
import { guardianView, operatorMessage, operatorThread, operatorView } from './support/messages'
import { installed, portalUrl, signIn, type Locale } from './support/portal'

/**
 * The messages screen in every locale, each on a tenant whose messages no other journey reads or
 * changes: a message written offline is pending through an offline reload and reaches the server once; older
 * pages load on scrolling up without the thread jumping; another's unseen message turns seen after 4 s on
 * screen; a message asking for a confirmation is confirmed by selecting it; the badge counts the unseen; axe.
 */

const tenants: Record<Locale, string> = { fi: 'black', sv: 'default', en: 'meneva' }

/** Scrolls the thread to its top, which loads the page before the oldest shown. */
async function scrollToTop(thread: Locator): Promise<void> {
  await thread.evaluate((box) => box.scrollTo({ top: 0 }))
}

for (const locale of locales) {
  test(`messages: offline send, older pages, seen after 4 s, confirmation and the badge (${locale})`, async ({
    page,
    context,
    server,
    expectAccessible,
  }) => {
    const tenant = tenants[locale]
    const t = await catalog(locale)
    await signIn(page, server, tenant, demoUsers.guardian)
    const { passengerId } = await guardianView(page)
    const notice = await operatorMessage(server, tenant, passengerId, `Notice ${locale} ${Date.now()}`)
    const question = await operatorMessage(server, tenant, passengerId, `Question ${locale}`, true)
    await installed(page)

    // The badge counts the unseen, as the server does, once a pull brought the new messages.
    await page.goto(portalUrl(server, tenant, `/trips?lang=${locale}`))
    const { unseen, total } = await guardianView(page)
    const shortcuts = page.getByRole('navigation', { name: t('shell.bottom_navigation') })
    /** The messages item as a screen reader names it: with the unseen count, or alone when there are none. */
    const messagesItem = (count: number) =>
      shortcuts.getByRole('link', {
        name:
          count > 0
            ? `${t('nav.messages')} ${t('shell.unseen_messages', { unseen: count })}`
            : t('nav.messages'),
        exact: true,
      })
    expect(unseen).toBeGreaterThanOrEqual(2)
    await expect(messagesItem(unseen)).toBeVisible()

    await messagesItem(unseen).click()
    const thread = page.getByRole('region', { name: t('messages.thread') })
    const items = thread.getByRole('list').getByRole('listitem')
    await expect(items.filter({ hasText: notice.content })).toBeVisible()
    await expectAccessible()

    // Another's message on screen for 4 s turns seen, on the server too, and the badge drops with it.
    await expect
      .poll(async () => (await operatorView(server, tenant, notice.id)).seenAt, { timeout: 15_000 })
      .not.toBeNull()
    await expect(items.filter({ hasText: notice.content }).getByText(t('messages.unseen'))).toHaveCount(0)
    const left = (await guardianView(page)).unseen
    expect(left).toBeLessThan(unseen)
    await expect(messagesItem(left)).toBeVisible()

    // On a phone's width the request for a confirmation stays inside its message, over as many lines as it takes.
    const asking = items.filter({ hasText: question.content })
    await page.setViewportSize({ width: 360, height: 800 })
    const right = (box: { x: number; width: number } | null) => (box ? box.x + box.width : Infinity)
    expect(right(await asking.getByText(t('messages.asks_confirmation')).boundingBox())).toBeLessThanOrEqual(
      right(await asking.getByRole('button').boundingBox()),
    )

    // Selecting a message that asks for a confirmation confirms it.
    await asking.getByRole('button').click()
    await expect
      .poll(async () => (await operatorView(server, tenant, question.id)).confirmation?.confirmedAt ?? null)
      .not.toBeNull()

    // Scrolling up loads the older pages, one at a time, and keeps the messages read where they were.
    const shown = await items.count()
    expect(shown).toBeLessThan(20)
    const firstShown = (await items.first().textContent()) ?? ''
    await scrollToTop(thread)
    await expect(items).toHaveCount(shown + 10)
    const anchor = items.filter({ hasText: firstShown }).first()
    expect(await anchor.evaluate((item) => item.getBoundingClientRect().top)).toBeGreaterThanOrEqual(
      await thread.evaluate((box) => box.getBoundingClientRect().top),
    )
    expect(await thread.evaluate((box) => box.scrollTop)).toBeGreaterThan(0)
    while ((await thread.getByRole('button', { name: t('messages.load_older') }).count()) > 0) {
      const before = await items.count()
      await scrollToTop(thread)
      await expect(items).not.toHaveCount(before)
    }
    await expect(items).toHaveCount(total)

    // Written offline: pending at once, still pending after an offline reload, delivered once back online.
    const posts: string[] = []
    await watchCommands(context, (commands) => {
      for (const command of commands) if (command.call === 'sendMessage') posts.push(command.key)
    })
    const reply = `Reply ${locale} ${Date.now()}`
    await context.setOffline(true)
    const passenger = page.getByLabel(t('messages.passenger'))
    if (await passenger.count()) await passenger.selectOption(passengerId)
    await page.getByLabel(t('messages.new_message')).fill(reply)
    await page.getByRole('button', { name: t('messages.send'), exact: true }).click()
    const pending = items.filter({ hasText: reply })
    await expect(pending.getByText(t('messages.pending'))).toBeVisible()
    await expect(
      page.getByRole('status').filter({ hasText: t('messages.pending_status', { pending: 1 }) }),
    ).toBeVisible()
    await expectAccessible()

    await page.reload()
    await expect(pending.getByText(t('messages.pending'))).toBeVisible()
    expect(posts).toEqual([])

    await context.setOffline(false)
    await expect(pending.getByText(t('messages.pending'))).toBeHidden({ timeout: 30_000 })
    await expect
      .poll(
        async () =>
          (await operatorThread(server, tenant, passengerId)).filter((m) => m.content === reply).length,
      )
      .toBe(1)
    await expect(items.filter({ hasText: reply })).toHaveCount(1)
    expect(posts).toHaveLength(1)
  })
}
