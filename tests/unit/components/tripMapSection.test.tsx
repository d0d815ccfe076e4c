// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest'
import { PlatformProvider, type Platform } from '../../../src/app/platform'
import { TripMapSection } from '../../../src/components/tracking/TripMapSection'
import { tripWith } from '../domain/trips/fixtures'
import { mountComponent } from './support/mountComponent'

const via = {
  viaPointAddress: { alias: null, address: 'Kauppatie 3, Espoo', lat: 60.205, lng: 24.71 },
  viaPointPlace: null,
  time: null,
  waitTime: 0,
}

describe('TripMapSection', () => {
  // happy-dom has no WebGL, as a browser without it: the fallback path.
  it('says the map could not be shown where the browser cannot draw it, and loads nothing for it', () => {
    const api = vi.fn()
    const platform = { api } as unknown as Platform
    const container = mountComponent(
      <PlatformProvider value={platform}>
        <TripMapSection
          trip={tripWith({ viaPoints: [via] })}
          carLocation={{ latitude: 60.201, longitude: 24.705 }}
        />
      </PlatformProvider>,
    )
    const section = container.querySelector('section')
    const heading = container.querySelector('h2')
    expect(section?.getAttribute('aria-labelledby')).toBe(heading?.id)
    expect(heading?.textContent).toBe('Map')
    expect([...container.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Start: Koti',
      'Via point: Kauppatie 3, Espoo',
      'Destination: Koulu',
      'The car is shown on the map.',
    ])
    expect(container.textContent).toContain('The map could not be shown.')
    expect(container.querySelector('canvas')).toBeNull()
    expect(api).not.toHaveBeenCalled()
  })

  it('lists no car before its location is known', () => {
    const platform = { api: vi.fn() } as unknown as Platform
    const container = mountComponent(
      <PlatformProvider value={platform}>
        <TripMapSection trip={tripWith()} carLocation={null} />
      </PlatformProvider>,
    )
    expect([...container.querySelectorAll('li')].map((item) => item.textContent)).toEqual([
      'Start: Koti',
      'Destination: Koulu',
    ])
  })
})
