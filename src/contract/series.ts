import { z } from 'zod'
import { isoDate, text, textLimits } from './common'

/**
 * Standing orders (issue 24): what a series of rides needs from the server. The dates themselves are the
 * portal's to work out (src/domain/series/), from the holidays the server names.
 */

/** The longest span of dates whose holidays one request asks for: a series reaches at most 13 weeks. */
export const holidaySpanMaxDays = 400

export const holidaysQuery = z.object({ from: isoDate, to: isoDate })

/** A Finnish public holiday, named in the request's language. */
export const holiday = z.object({ date: isoDate, name: text(textLimits.name, { min: 1 }) })
export type HolidayView = z.infer<typeof holiday>
