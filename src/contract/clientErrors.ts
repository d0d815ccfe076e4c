import { z } from 'zod'
import { clientErrorLimits } from './clientErrorLimits'

/**
 * An error the portal met: uncaught (`error`), an unhandled rejection, or an API call that failed with a 5xx,
 * no answer or an answer outside the contract (`api`). Already scrubbed of personal data by the portal
 * (src/domain/errorScrub.ts); the server scrubs again. Unknown keys are dropped.
 */
export const clientErrorReport = z.object({
  kind: z.enum(['error', 'rejection', 'api']),
  message: z.string().max(clientErrorLimits.message),
  stack: z.string().max(clientErrorLimits.stack).nullable(),
  /** The page's path with ids replaced by `:param`, no query. */
  page: z.string().max(clientErrorLimits.page),
  /** The portal build that sent it. */
  release: z
    .string()
    .max(clientErrorLimits.release)
    .regex(/^[\w.+-]+$/),
  /** For `api`: the contract's endpoint name and the HTTP status (0 when no answer came). */
  api: z
    .object({
      endpoint: z.string().max(clientErrorLimits.endpoint).regex(/^\w+$/),
      status: z.number().int().min(0).max(599),
    })
    .nullable(),
})
export type ClientErrorReport = z.infer<typeof clientErrorReport>

export const clientErrorAccepted = z.object({ accepted: z.literal(true) })
