import { demoUsers, expect, test } from './support/fixtures'
import { accessToken, apiGet, signIn } from './support/portal'

test("another tenant's and another user's passenger ids are 404", async ({ browser, server }) => {
  const demo = await browser.newPage()
  await signIn(demo, server, 'demo', demoUsers.guardian)
  await expect(demo).toHaveURL(/\/booking$/)
  const demoToken = await accessToken(demo)
  const passengers = (await apiGet(demo, '/api/passenger', demoToken)).body as { id: string }[]
  expect(passengers).toHaveLength(3)
  const guardiansPassenger = passengers[0]!.id
  expect((await apiGet(demo, `/api/passenger/${guardiansPassenger}/trips`, demoToken)).status).toBe(200)

  const espoo = await browser.newPage()
  await signIn(espoo, server, 'espoo', demoUsers.guardian)
  await expect(espoo).toHaveURL(/\/booking$/)
  const espooToken = await accessToken(espoo)
  for (const path of ['/trips', '/places']) {
    const response = await apiGet(espoo, `/api/passenger/${guardiansPassenger}${path}`, espooToken)
    expect(response).toMatchObject({ status: 404, body: { statusCode: 404, code: 'not_found' } })
  }
  // A token of one tenant is not accepted by another.
  expect((await apiGet(espoo, '/api/passenger', demoToken)).status).toBe(401)

  const single = await browser.newPage()
  await signIn(single, server, 'demo', demoUsers.single)
  await expect(single).toHaveURL(/\/booking$/)
  const singleToken = await accessToken(single)
  expect((await apiGet(single, `/api/passenger/${guardiansPassenger}/trips`, singleToken)).status).toBe(404)
})
