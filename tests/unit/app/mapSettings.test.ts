import { describe, expect, it, vi } from 'vitest'
import type { ApiClient } from '../../../src/api/client'
import { loadMapSettings } from '../../../src/app/data/mapSettings'
import type { Platform } from '../../../src/app/platform'

const apiAnswering =
  (call: ReturnType<typeof vi.fn>): Platform['api'] =>
  () =>
    Promise.resolve({ call } as unknown as ApiClient)

describe('the map settings', () => {
  it('asks the server once per page load and gives its style', async () => {
    const settings = { styleUrl: 'https://tiles.example.fi/style.json', tiles: false }
    const call = vi.fn(async () => settings)
    const api = apiAnswering(call)
    await expect(loadMapSettings(api)).resolves.toEqual(settings)
    await expect(loadMapSettings(api)).resolves.toEqual(settings)
    expect(call).toHaveBeenCalledTimes(1)
    expect(call).toHaveBeenCalledWith('getMapSettings')
  })

  it("falls back to the portal's basemap when the server cannot be asked, and asks again next time", async () => {
    const call = vi
      .fn()
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce({ styleUrl: null, tiles: true })
    const api = apiAnswering(call)
    await expect(loadMapSettings(api)).resolves.toEqual({ styleUrl: null, tiles: false })
    await expect(loadMapSettings(api)).resolves.toEqual({ styleUrl: null, tiles: true })
    expect(call).toHaveBeenCalledTimes(2)
  })
})
