/**
 * The portal's catalog comes in eight parts per locale, split by message area (the id's first segment), so that
 * a screen does not download the long texts of others (src/app/startup/i18n.ts):
 * - `first`: home, the shell (menus, drawer, notices, dialogs) and every screen's title, loaded at start;
 * - `screens`: what the other screens show, loaded before any of them renders and when a user is known;
 * - `followUp`: what only the screens that follow a booking show (the trips, a trip's detail, a tracking link,
 *   the cancel wizard and the messages with the operator), loaded with those: more than half of what `screens`
 *   held, which the booking wizard and the other screens would otherwise carry;
 * - `booking`: the booking wizard's step headings and first two steps, loaded with it;
 * - `bookingSteps`: the rest of the wizard's texts (steps 3 to 9, the summary's "Repeat this ride"), loaded with
 *   the later steps' code: the wizard's first visit carries a fifth of its texts;
 * - `permissions`: what only the transportation permissions show, loaded with them: the wizard does not carry it;
 * - `account`: what only the screens of one's own account and of an invitation show (password, personal
 *   information, invitation, travel card, logged out) and the notice that a session ended, loaded with those: a third of what `screens` held, which
 *   a signed-in start and the booking wizard would otherwise carry;
 * - `texts`: the privacy statements and accessibility reports, loaded with those pages only: they are a third
 *   of what `screens` held, and a signed-in start needs none of it.
 * - `settings`: the notification settings and the calendar feed, loaded with their screen: a third of what
 *   `screens` would hold, which every signed-in screen would otherwise carry.
 * Areas only the server's own pages use are in none. tests/unit/i18n/catalogParts.test.ts checks that what
 * home and the shell show is in the first part, and each later part's messages only on the screens that load it.
 */

export type CatalogPart = 'first' | LazyPart
/** The parts loaded after start, with the screens that show them. */
export type LazyPart =
  'screens' | 'followUp' | 'booking' | 'permissions' | 'account' | 'texts' | 'settings' | 'bookingSteps'

const screenAreas = new Set([
  // "Book again" shows on a trip's detail and in the wizard, both behind the screens' part.
  'booking_again',
  'date_helper',
  'error',
  'passenger',
  'placeholder',
])

/**
 * The trips, a trip's detail and tracking, a tracking link (with the operator's contact), the cancel wizard and
 * the messages.
 */
const followUpAreas = new Set(['canceltrips', 'messages', 'track', 'tracking', 'trips'])
/**
 * What every screen may show of those: the outbox's verdicts on a cancellation, a review or a message
 * (src/commands), which any screen's notice tells.
 */
const followUpEverywhere =
  /^(trips\.problem\.|trips\.review_save_failed$|canceltrips\.cancellation_error$|messages\.problem\.|messages\.\w+_failed$)/

const bookingAreas = new Set(['booking', 'booking_repeat'])
/** What the wizard shows before its later steps' code has loaded: the step headings, the passenger and the date. */
const bookingStart = /^booking\.(step_\w+|date_legend|date_typed|passenger_legend)$/

const accountAreas = new Set([
  'invitation',
  'logged_out',
  'passenger',
  'password',
  'personal_info',
  'session',
  'travel_card',
])

/**
 * The forms' save and error texts, which the spec names under `password` and every screen's forms show; and
 * what the passengers screen's texts lend others: a guardian with no passengers is told so on every screen that
 * lists them, and an access code's errors are the forms' too.
 */
const formTexts = /^(password\.(success$|errors\.)|passenger\.(no_passengers|to_passengers|error_\w+)$)/

const textAreas = new Set(['accessibility', 'privacy'])

const settingsAreas = new Set(['calendar_feed', 'notifications'])

/**
 * The login, logout and identity provider pages, the unknown tenant page, the API's booking refusals, the
 * guardians' notice it writes as a message, the push notifications' texts and the calendar feed's: the server's.
 */
const serverAreas = new Set([
  'booking_refusal',
  'calendar_ics',
  'guardian_notice',
  'idp',
  'login',
  'logout_page',
  'push',
  'tenant',
])

/** The part a message belongs to, or null for the server's own messages. */
export function catalogPartOf(id: string): CatalogPart | null {
  const area = id.slice(0, id.indexOf('.'))
  if (serverAreas.has(area)) return null
  // A screen's title (`privacy.title`) also names it in the menus.
  if (id === `${area}.title`) return 'first'
  if (bookingAreas.has(area)) return bookingStart.test(id) ? 'booking' : 'bookingSteps'
  if (area === 'permissions') return 'permissions'
  if (formTexts.test(id)) return 'screens'
  if (accountAreas.has(area)) return 'account'
  if (textAreas.has(area)) return 'texts'
  if (settingsAreas.has(area)) return 'settings'
  if (followUpAreas.has(area)) return followUpEverywhere.test(id) ? 'screens' : 'followUp'
  return screenAreas.has(area) ? 'screens' : 'first'
}
