import { demoUsers, expect, test } from './support/fixtures'
import { portalUrl, signIn } from './support/portal'

test('the signed-in trips screen raises no browser issue (Lighthouse best practices: no CSP violation)', async ({
  page,
  server,
}) => {
  const issues: string[] = []
  const cdp = await page.context().newCDPSession(page)
  cdp.on('Audits.issueAdded', ({ issue }) => issues.push(JSON.stringify(issue)))
  await cdp.send('Audits.enable')
  await signIn(page, server, 'demo', demoUsers.guardian)
  await page.goto(portalUrl(server, 'demo', '/trips?lang=en'))
  await expect(page.getByRole('link', { name: /To:/ }).first()).toBeVisible()
  // Data parsed in the sync worker and read back from IndexedDB have both gone through the contract by now.
  await page.waitForLoadState('networkidle')
  expect(issues).toEqual([])
})
