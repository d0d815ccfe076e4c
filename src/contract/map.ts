import { z } from 'zod'
import { text } from './common'

/** A style URL is a deployment's setting, not user input: long enough for a key in its query. */
export const mapStyleUrlMaxLength = 2048

/**
 * What the portal's map draws under the trip: a MapLibre style URL set by the deployment (MAP_STYLE_URL), or
 * null for the basemap shipped with the portal, which needs no network.
 */
export const mapSettings = z.object({ styleUrl: text(mapStyleUrlMaxLength).nullable() })
export type MapSettings = z.infer<typeof mapSettings>
