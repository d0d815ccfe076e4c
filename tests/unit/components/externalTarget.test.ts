import { describe, expect, it } from 'vitest'
import { externalTarget } from '../../../src/components/shell/externalTarget'

const origin = 'http://espoo.localhost:8080'

describe('external link detection', () => {
  it.each([
    [
      'https://www.keusote.fi/tietosuoja',
      { href: 'https://www.keusote.fi/tietosuoja', host: 'www.keusote.fi' },
    ],
    ['http://espoo.localhost:9090/', { href: 'http://espoo.localhost:9090/', host: 'espoo.localhost:9090' }],
    [
      'https://espoo.localhost:8080/',
      { href: 'https://espoo.localhost:8080/', host: 'espoo.localhost:8080' },
    ],
    ['http://demo.localhost:8080/', { href: 'http://demo.localhost:8080/', host: 'demo.localhost:8080' }],
  ])('asks before %s', (href, expected) => {
    expect(externalTarget(href, origin)).toEqual(expected)
  })

  it.each([
    '/passengers',
    'trips',
    '#main',
    'http://espoo.localhost:8080/privacy',
    'mailto:kirjaamo@keusote.fi',
    'tel:+358192260000',
    'http://[invalid',
  ])('lets %s through', (href) => {
    expect(externalTarget(href, origin)).toBeNull()
  })
})
