import type { FastifyInstance } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes } from '../../src/contract/common'
import { endpoints } from '../../src/contract/endpoints'
import { holidaySpanMaxDays } from '../../src/contract/series'
import type { KeyStore } from '../auth/accessTokens'
import { finnishHolidays } from '../holidays/finnishHolidays'
import { apiLocale } from '../i18n/apiLocale'
import { HttpError } from '../errors/httpError'
import { registerEndpoint } from './registerEndpoint'

/** The holidays a series of rides leaves out, for at most `holidaySpanMaxDays` at a time. */
export function registerHolidayRoutes(app: FastifyInstance, keys: KeyStore): void {
  registerEndpoint(app, keys, endpoints.listHolidays, async ({ request, query }) => {
    const days = Temporal.PlainDate.from(query.from).until(Temporal.PlainDate.from(query.to)).days
    if (days < 0 || days >= holidaySpanMaxDays) {
      throw new HttpError(
        400,
        errorCodes.validation,
        `The span must run forward and cover at most ${holidaySpanMaxDays} days`,
        [{ property: 'to', error: days < 0 ? 'before_from' : 'too_far' }],
      )
    }
    return finnishHolidays(query.from, query.to, apiLocale(request))
  })
}
