import { test as base, expect, type Page } from '@playwright/test'
import axe from 'axe-core'
import { startPushServiceStandIn, type PushServiceStandIn } from '../../server/support/pushServiceStandIn'
import { startSmtpPeer, type SmtpPeer } from '../../server/support/smtpPeer'
import { startServer, type RunningServer } from './server'

export const demoUsers = {
  guardian: { userName: 'guardian', password: 'demo-guardian-2026' },
  single: { userName: 'single', password: 'demo-single-2026' },
} as const

interface WorkerFixtures {
  server: RunningServer
  /**
   * The push service the worker's server sends to (tests/server/support/pushServiceStandIn.ts): by its public
   * name, through the server's own endpoint and address policy, over the simulated network it is preloaded with.
   */
  pushService: PushServiceStandIn
  /**
   * The SMTP relay the worker's server sends every mail to (tests/server/support/smtpPeer.ts, its SMTP_URL,
   * from `mailFrom`): `mailbox.waitFor((mail) => mail.envelope.to.includes(address))` answers the parsed mail
   * (`subject`, `text`, `html`, `headers`), `mailbox.all()` every mail so far. Shared by the worker's tests:
   * find a mail by its recipient, as another test's mails are there too.
   */
  mailbox: SmtpPeer
}

/** The address the e2e server's mails come from (MAIL_FROM). */
export const mailFrom = 'noreply@portal.example.fi'

interface TestFixtures {
  /** Asserts that axe finds no WCAG 2.2 A/AA violation on the page as it is now. */
  expectAccessible: (page?: Page) => Promise<void>
}

/**
 * Each worker starts its own API host with a fresh demo database, and the tests of a worker share it: a
 * journey that changes data (a password, a passenger, a cancellation) keeps to a tenant no other such journey
 * uses, so the order tests run in never matters.
 */
export const test = base.extend<TestFixtures, WorkerFixtures>({
  pushService: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
    async ({}, use) => {
      const pushService = await startPushServiceStandIn()
      await use(pushService)
      await pushService.close()
    },
    { scope: 'worker' },
  ],
  mailbox: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring pattern
    async ({}, use) => {
      const mailbox = await startSmtpPeer()
      await use(mailbox)
      await mailbox.close()
    },
    { scope: 'worker' },
  ],
  server: [
    async ({ pushService, mailbox }, use) => {
      // The demo approves a booking a second after it is made, not five: a booking journey waits for it. Its
      // simulator stays off: the journeys move trips themselves through the operator API, so no trip changes
      // (and no pickup notice rises) under a journey that did not ask for it. It has tests of its own.
      // The journeys of a worker all come from one address, which the invitation calls' guess limit (30 a
      // minute, proven by tests/server/invitations.test.ts) would soon refuse.
      const network = pushService.childProcess()
      const server = await startServer(
        {
          DEMO_APPROVAL_DELAY_MS: '1000',
          DEMO_SIMULATOR: 'off',
          INVITATION_RATE_LIMIT_PER_MINUTE: '1000',
          ...network.env,
          SMTP_URL: mailbox.url,
          MAIL_FROM: mailFrom,
        },
        network.nodeArgs,
      )
      await use(server)
      await server.stop()
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  expectAccessible: async ({ page }, use) => {
    await use(async (target = page) => {
      // axe runs in the page itself, put there by the protocol (which the page's CSP does not govern), once
      // per document: @axe-core/playwright opens a blank page to build each report, about a second a check.
      if (!(await target.evaluate(() => 'axe' in window))) await target.evaluate(axe.source)
      const violations = await target.evaluate(
        async (tags) => {
          // The page at rest: a dialog or popover fading in has colours blended with what is under it.
          const settling = document
            .getAnimations()
            .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
          await Promise.all(settling.map((animation) => animation.finished.catch(() => undefined)))
          const results = await (window as unknown as { axe: typeof axe }).axe.run(document, {
            runOnly: { type: 'tag', values: tags },
          })
          return results.violations.map((violation) => ({
            id: violation.id,
            help: violation.help,
            targets: violation.nodes.map((node) => node.target.join(' ')),
          }))
        },
        ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      )
      const summary = violations.map(
        (violation) => `${violation.id}: ${violation.help} (${violation.targets.join(', ')})`,
      )
      expect(summary, `axe violations on ${target.url()}`).toEqual([])
    })
  },
})

export { expect }
