// vite.basemap.ts builds the portal's own basemap (land and borders around Finland) into this module.
declare module 'virtual:basemap' {
  import type { FeatureCollection, MultiLineString, MultiPolygon } from 'geojson'
  const basemap: FeatureCollection<MultiPolygon | MultiLineString>
  export default basemap
}
