import type { MapSettings } from '../../contract/map'
import { reachClient } from './actions'
import type { Platform } from '../platform'

const noStyle: MapSettings = { styleUrl: null, tiles: false }
const answers = new WeakMap<Platform['api'], Promise<MapSettings>>()

/**
 * The map's settings (`GET api/map/settings`), asked once per page load. A map that cannot ask (offline, an
 * error) draws the portal's own basemap, and asks again next time.
 */
export function loadMapSettings(api: Platform['api']): Promise<MapSettings> {
  let answer = answers.get(api)
  if (!answer) {
    answer = reachClient(api)
      .then((client) => client.call('getMapSettings'))
      .catch(() => {
        answers.delete(api)
        return noStyle
      })
    answers.set(api, answer)
  }
  return answer
}
