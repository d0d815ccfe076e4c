import { describe, expect, it } from 'vitest'
import { loadConfig } from '../../server/config/config'

describe('demo mode', () => {
  it('is on by default where the portal is reached on loopback', () => {
    expect(loadConfig({}).demo).toBe(true)
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://espoo.localhost:8080' }).demo).toBe(true)
    expect(loadConfig({ PUBLIC_ORIGIN: 'http://127.0.0.1:8080' }).demo).toBe(true)
  })

  it('refuses to start on a public origin unless asked for explicitly', () => {
    expect(() => loadConfig({ PUBLIC_ORIGIN: 'https://portal.example.fi' })).toThrow(/Refusing demo mode/)
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://demo.example.fi', DEMO: 'true' }).demo).toBe(true)
  })

  it('is off with DEMO=false on any origin', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://portal.example.fi', DEMO: 'false', EMAIL: 'off' }).demo).toBe(
      false,
    )
    expect(loadConfig({ DEMO: 'false', EMAIL: 'off' }).demo).toBe(false)
  })

  it('runs the demo simulator only in demo mode, unless DEMO_SIMULATOR=off', () => {
    expect(loadConfig({}).demoSimulator).toBe(true)
    expect(loadConfig({ DEMO_SIMULATOR: 'off' }).demoSimulator).toBe(false)
    expect(loadConfig({ DEMO: 'false', EMAIL: 'off' }).demoSimulator).toBe(false)
    expect(loadConfig({ DEMO: 'false', DEMO_SIMULATOR: 'on', EMAIL: 'off' }).demoSimulator).toBe(false)
    expect(() => loadConfig({ DEMO_SIMULATOR: 'yes' })).toThrow(/DEMO_SIMULATOR must be on or off/)
  })

  it('rejects a DEMO value that is neither true nor false', () => {
    expect(() => loadConfig({ DEMO: 'yes' })).toThrow(/DEMO must be true or false/)
  })
})
