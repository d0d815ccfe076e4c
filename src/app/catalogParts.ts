/**
 * The portal's catalog comes in two parts per locale, split by message area (the id's first segment), so that
 * the first visit to home does not download the long texts of other screens (src/app/i18n.ts):
 * - `first`: home, the shell (menus, drawer, notices, dialogs) and every screen's title, loaded at start;
 * - `screens`: what only the other screens show, loaded before any of them renders and when a user is known.
 * Areas only the server's own pages use are in neither. tests/unit/i18n/catalogParts.test.ts checks that what
 * home and the shell show is in the first part.
 */

export type CatalogPart = 'first' | 'screens'

const screenAreas = new Set([
  'accessibility',
  'booking',
  'canceltrips',
  'date_helper',
  'error',
  'logged_out',
  'passenger',
  'password',
  'permissions',
  'personal_info',
  'placeholder',
  'privacy',
  'trips',
])

/** The login, logout and identity provider pages, the unknown tenant page and the API's booking refusals: the server's. */
const serverAreas = new Set(['booking_refusal', 'idp', 'login', 'logout_page', 'tenant'])

/** The part a message belongs to, or null for the server's own messages. */
export function catalogPartOf(id: string): CatalogPart | null {
  const area = id.slice(0, id.indexOf('.'))
  if (serverAreas.has(area)) return null
  // A screen's title (`privacy.title`) also names it in the menus.
  return screenAreas.has(area) && id !== `${area}.title` ? 'screens' : 'first'
}
