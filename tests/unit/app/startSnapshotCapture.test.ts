// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import { describe, expect, it } from 'vitest'
import { captureSnapshot } from '../../../src/app/browser/startSnapshot'

/** A parsed page: its script and stylesheets are only named, never loaded (the option above). */
function page(head: string, body: string): Document {
  return new DOMParser().parseFromString(`<html><head>${head}</head><body>${body}</body></html>`, 'text/html')
}

describe('capturing the start snapshot', () => {
  it('takes #root as rendered, without what may have changed by the next launch, with the theme and build', () => {
    const doc = page(
      '<script type="module" src="/assets/index-A1.js"></script><link rel="stylesheet" href="/assets/index-B2.css"><link rel="stylesheet" href="/assets/TripMap-C3.css">',
      '<div id="root"><main><a href="/trips/t1/2026-12-07">08:15 Aino</a></main><p data-snapshot="omit">Offline</p></div>',
    )
    doc.documentElement.lang = 'sv'
    doc.documentElement.className = 'theme-demo'
    doc.documentElement.setAttribute('style', '--color-primary: #1f4e79')
    expect(captureSnapshot(doc)).toEqual({
      html: '<main><a href="/trips/t1/2026-12-07">08:15 Aino</a></main>',
      lang: 'sv',
      className: 'theme-demo',
      style: '--color-primary: #1f4e79',
      release: ['/assets/index-A1.js', '/assets/index-B2.css'],
    })
    // The page itself keeps what the snapshot leaves out.
    expect(doc.querySelector('[data-snapshot="omit"]')).not.toBeNull()
  })

  it('takes nothing from a page not built with an entry and stylesheet (the dev server)', () => {
    expect(captureSnapshot(page('', '<div id="root"></div>'))).toBeNull()
  })
})
