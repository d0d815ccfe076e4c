import { request as httpRequest } from 'node:http'
import { gunzipSync } from 'node:zlib'
import { demoUsers, expect, test } from './support/fixtures'
import { accessToken, portalUrl, signIn } from './support/portal'
import type { RunningServer } from './support/server'

const variesByEncoding = (vary: string | null | undefined) =>
  (vary ?? '').toLowerCase().split(/,\s*/).includes('accept-encoding')

/** A raw GET on the tenant's host from Node, which sends only the Accept-Encoding it is given and decodes nothing. */
function rawGet(server: RunningServer, tenant: string, path: string, headers: Record<string, string>) {
  return new Promise<{
    status: number
    headers: Record<string, string | string[] | undefined>
    body: Buffer
  }>((resolve, reject) => {
    const call = httpRequest(
      {
        host: '127.0.0.1',
        port: server.port,
        path,
        headers: { host: `${tenant}.localhost:${server.port}`, ...headers },
      },
      (response) => {
        const chunks: Buffer[] = []
        response.on('data', (chunk: Buffer) => chunks.push(chunk))
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        )
      },
    )
    call.on('error', reject)
    call.end()
  })
}

test('Chromium gets the portal’s scripts and a large API answer as brotli, with Vary', async ({
  page,
  server,
}) => {
  const scripts: { url: string; encoding: string | undefined; vary: string | undefined }[] = []
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return
    const headers = response.headers()
    scripts.push({ url: response.url(), encoding: headers['content-encoding'], vary: headers.vary })
  })
  await signIn(page, server, 'demo', demoUsers.guardian)
  expect(scripts.length).toBeGreaterThan(0)
  for (const script of scripts) {
    expect(script.encoding, script.url).toBe('br')
    expect(variesByEncoding(script.vary), script.url).toBe(true)
  }

  const token = await accessToken(page)
  const answer = await page.evaluate(async (token) => {
    const headers = { Authorization: `Bearer ${token}` }
    const passengers = (await (await fetch('/api/passenger', { headers })).json()) as { id: string }[]
    const response = await fetch(`/api/passenger/${passengers[0]!.id}/trips`, { headers })
    const body = await response.text()
    return {
      status: response.status,
      encoding: response.headers.get('content-encoding'),
      vary: response.headers.get('vary'),
      length: body.length,
    }
  }, token)
  expect(answer.status).toBe(200)
  expect(answer.length).toBeGreaterThan(1024)
  expect(answer.encoding).toBe('br')
  expect(variesByEncoding(answer.vary)).toBe(true)
})

test('a client that accepts only gzip gets gzip for an asset and an API answer', async ({ page, server }) => {
  await page.goto(portalUrl(server, 'demo', '/?lang=en'))
  const entry = await page.locator('script[type="module"][src^="/assets/"]').first().getAttribute('src')
  expect(entry).toBeTruthy()
  const asset = await rawGet(server, 'demo', entry!, { 'accept-encoding': 'gzip' })
  expect(asset.status).toBe(200)
  expect(asset.headers['content-encoding']).toBe('gzip')
  expect(variesByEncoding(String(asset.headers.vary))).toBe(true)
  expect(gunzipSync(asset.body).toString()).toContain('import')

  await signIn(page, server, 'demo', demoUsers.guardian)
  const token = await accessToken(page)
  const passengers = await rawGet(server, 'demo', '/api/passenger', { authorization: `Bearer ${token}` })
  const [passenger] = JSON.parse(passengers.body.toString()) as { id: string }[]
  const trips = await rawGet(server, 'demo', `/api/passenger/${passenger!.id}/trips`, {
    'accept-encoding': 'gzip',
    authorization: `Bearer ${token}`,
  })
  expect(trips.status).toBe(200)
  expect(trips.headers['content-encoding']).toBe('gzip')
  expect(variesByEncoding(String(trips.headers.vary))).toBe(true)
  expect(Array.isArray(JSON.parse(gunzipSync(trips.body).toString()))).toBe(true)
})
