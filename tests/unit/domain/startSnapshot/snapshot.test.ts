import { describe, expect, it } from 'vitest'
import {
  injectSnapshot,
  parseSnapshot,
  servable,
  snapshotKey,
  type StartSnapshot,
} from '../../../../src/domain/startSnapshot/snapshot'

const shell = `<!doctype html>
<html lang="fi">
  <head>
    <script type="module" crossorigin src="/assets/index-A1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-B2.css">
  </head>
  <body>
    <div id="root">
      <div class="spinner"><svg><circle /></svg></div>
    </div>
    <noscript>This portal needs JavaScript.</noscript>
  </body>
</html>`

const snapshot: StartSnapshot = {
  html: '<main><a href="/trips/t1/2026-12-07">08:15 Aino</a></main>',
  lang: 'sv',
  className: 'theme-demo',
  style: '--color-primary: #1f4e79; font-family: "Open Sans"',
  release: ['/assets/index-A1.js', '/assets/index-B2.css'],
  validUntil: 1_000,
  tenantId: 'demo',
  userId: 'u1',
  locale: 'sv',
  day: '2026-12-07',
}

describe('the start snapshot', () => {
  it('is painted in place of the spinner, inert and busy, with the theme on <html>', () => {
    const painted = injectSnapshot(shell, snapshot)!
    expect(painted).toContain(
      '<div id="root"><div inert aria-busy="true" data-start-snapshot><main><a href="/trips/t1/2026-12-07">08:15 Aino</a></main></div></div>',
    )
    expect(painted).not.toContain('spinner')
    expect(painted).toContain(
      '<html lang="sv" class="theme-demo" style="--color-primary: #1f4e79; font-family: &quot;Open Sans&quot;">',
    )
    expect(painted).toContain('<noscript>')
    expect(painted).toContain('src="/assets/index-A1.js"')
  })

  it('is not painted into a shell of another shape', () => {
    expect(injectSnapshot('<html><body><main></main></body></html>', snapshot)).toBeNull()
  })

  it('takes markup with dollar signs as it is', () => {
    const painted = injectSnapshot(shell, { ...snapshot, html: '<p>$& $1 $$</p>' })!
    expect(painted).toContain('<p>$& $1 $$</p>')
  })

  it('is servable only while valid and into the build that rendered it', () => {
    expect(servable(snapshot, shell, 999)).toBe(true)
    expect(servable(snapshot, shell, 1_000)).toBe(false)
    expect(
      servable({ ...snapshot, release: ['/assets/index-C3.js', '/assets/index-B2.css'] }, shell, 0),
    ).toBe(false)
    expect(servable({ ...snapshot, release: [] }, shell, 0)).toBe(false)
  })

  it('is read back only when it has every field', () => {
    expect(parseSnapshot(JSON.parse(JSON.stringify(snapshot)))).toEqual(snapshot)
    expect(parseSnapshot({ ...snapshot, validUntil: '1000' })).toBeNull()
    expect(parseSnapshot({ ...snapshot, release: [1] })).toBeNull()
    expect(parseSnapshot(null)).toBeNull()
  })

  it('is kept under the trips screen’s path, with or without its trailing slash', () => {
    expect(snapshotKey('https://portal.example', '/espoo/trips')).toBe(
      'https://portal.example/__start-snapshot/espoo/trips',
    )
    expect(snapshotKey('https://portal.example', '/trips/')).toBe(
      'https://portal.example/__start-snapshot/trips',
    )
  })
})
