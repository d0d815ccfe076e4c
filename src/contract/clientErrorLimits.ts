/**
 * Limits of a client error report: enough to find the fault, too little to carry a payload. Apart from the zod
 * schema (src/contract/clientErrors.ts) so the portal's reporter can truncate to them without loading zod.
 */
export const clientErrorLimits = { message: 500, stack: 4000, page: 200, release: 64, endpoint: 64 } as const
