import type { FeatureCollection } from 'geojson'
import { describe, expect, it } from 'vitest'
import { mapStyleFor } from '../../../src/components/tracking/pmtilesStyle'

const basemap: FeatureCollection = { type: 'FeatureCollection', features: [] }
const origin = 'https://helpbus.matkaportaali.fi'

describe("the trip map's style", () => {
  it("takes the deployment's style first, then its tile archive, then the portal's basemap", () => {
    const styleUrl = 'https://tiles.example.fi/style.json'
    expect(mapStyleFor({ styleUrl, tiles: true }, basemap, origin)).toBe(styleUrl)
    expect(mapStyleFor({ styleUrl: null, tiles: true }, basemap, origin)).toMatchObject({
      sources: { protomaps: { type: 'vector' } },
    })
    expect(mapStyleFor({ styleUrl: null, tiles: false }, basemap, origin)).toMatchObject({
      sources: { basemap: { type: 'geojson', data: basemap } },
    })
  })

  it("reads the archive from the portal's own origin and fetches no glyphs, sprites or labels", () => {
    const style = mapStyleFor({ styleUrl: null, tiles: true }, basemap, origin)
    if (typeof style === 'string') throw new Error('expected a style built in code')
    expect(style.sources).toEqual({
      protomaps: { type: 'vector', url: `pmtiles://${origin}/api/map/tiles.pmtiles` },
    })
    expect(style.glyphs).toBeUndefined()
    expect(style.sprite).toBeUndefined()
    expect(style.layers.filter((layer) => layer.type === 'symbol')).toEqual([])
    const sourceLayers = new Set(
      style.layers.flatMap((layer) => ('source-layer' in layer ? [layer['source-layer']] : [])),
    )
    for (const name of ['earth', 'water', 'roads', 'buildings']) expect(sourceLayers).toContain(name)
  })
})
