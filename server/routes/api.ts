import type { FastifyInstance } from 'fastify'
import type { KeyStore } from '../auth/accessTokens'
import type { DemoApprover } from '../trips/booking/demoApproval'
import type { ServerI18n } from '../i18n/catalogs'
import type { GeoCallLimits } from '../geo/callLimits'
import type { Geocoder } from '../geo/geocoder'
import type { Router } from '../geo/router'
import { registerTextInputCheck } from '../plugins/textInput'
import { registerAccessTokenRoute } from './accessToken'
import type { SessionLifetime } from '../domain/sessionLifetime'
import { registerAccountRoutes } from './account'
import { registerBookingRoutes } from './booking'
import { registerCalendarFeedRoutes } from './calendar'
import { registerHolidayRoutes } from './holidays'
import { registerClientErrorRoute } from './clientErrors'
import { registerCommandBatchRoute } from './commandBatch'
import { invitationRoutes } from './invitations'
import { registerMapRoutes, type MapOptions } from './map'
import { registerMessageRoutes, registerOperatorMessageRoutes } from './messages'
import { registerNotificationRoutes } from './notifications'
import { registerOperatorRoutes } from './operator'
import { registerPassengerRoutes } from './passengers'
import { registerPlaceRoutes } from './places'
import { registerPermissionRoutes } from './permissions'
import { registerTrackingRoutes } from './tracking'
import { registerTripRoutes } from './trips'

export interface ApiOptions extends MapOptions {
  keys: KeyStore
  accessTokenTtlSeconds: number
  session: SessionLifetime
  /** Where client error reports are forwarded besides the log (ERROR_REPORTING_DSN), or null. */
  errorReportingDsn: string | null
  /** Address search and routes (GEOCODER, ROUTER), and each user's limits on them. */
  geocoder: Geocoder
  router: Router
  geoLimits: GeoCallLimits
  /** Translations of the API's own messages (booking refusals). */
  i18n: ServerI18n
  demoApprover: DemoApprover | null
  /** TRACK_RATE_LIMIT_PER_MINUTE. */
  trackRateLimitPerMinute: number
  /** INVITATION_RATE_LIMIT_PER_MINUTE. */
  invitationRateLimitPerMinute: number
  /** TRAVEL_CARD_FAILURE_LIMIT and TRAVEL_CARD_FAILURE_WINDOW_HOURS. */
  travelCardFailures: { failures: number; windowHours: number }
  /** Whether the deployment sends mail (EMAIL is not off): the address's confirmation. */
  mailEnabled: boolean
  /** PASSENGER_ERASURE_DAYS: an ended passenger's erasure when the operator's end names no other. */
  passengerErasureDays: number
}

/** The JSON API under /api: its own scope, where only application/json bodies are accepted (else 415). */
export async function apiRoutes(api: FastifyInstance, options: ApiOptions): Promise<void> {
  api.removeContentTypeParser('text/plain')
  registerTextInputCheck(api)
  registerAccessTokenRoute(api, options.keys, options.accessTokenTtlSeconds, options.session)
  registerAccountRoutes(api, options.keys, options.mailEnabled)
  registerPassengerRoutes(api, options.keys)
  registerPermissionRoutes(api, options.keys)
  registerTripRoutes(api, options.keys)
  registerTrackingRoutes(api, options.keys, options)
  await api.register(invitationRoutes, options)
  registerPlaceRoutes(api, options.keys, options)
  registerBookingRoutes(api, options.keys, options)
  registerMessageRoutes(api, options.keys)
  registerCalendarFeedRoutes(api, options.keys)
  registerHolidayRoutes(api, options.keys)
  registerCommandBatchRoute(api, options.keys)
  registerOperatorRoutes(api, options.keys, options)
  registerOperatorMessageRoutes(api, options.keys)
  registerClientErrorRoute(api, options.keys, { errorReportingDsn: options.errorReportingDsn })
  registerMapRoutes(api, options.keys, options)
  registerNotificationRoutes(api, options.keys, { emailAvailable: options.mailEnabled })
}
