import type { FastifyInstance } from 'fastify'
import { errorCodes } from '../../src/contract/common'
import { HttpError } from './errors'

/** The path of the first string (or key) holding a NUL character, which PostgreSQL text cannot store. */
export function nulCharacterPath(value: unknown, path: string): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path : null
  if (value === null || typeof value !== 'object') return null
  for (const [key, entry] of Object.entries(value)) {
    const entryPath = path ? `${path}.${key}` : key
    if (key.includes('\u0000')) return entryPath
    const found = nulCharacterPath(entry, entryPath)
    if (found) return found
  }
  return null
}

/** Refuses a NUL character anywhere in the path parameters, query or body with 400, before it reaches the database. */
export function registerTextInputCheck(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every API request, polls included.
  app.addHook('preValidation', (request, _reply, done) => {
    const property =
      nulCharacterPath(request.params, '') ??
      nulCharacterPath(request.query, '') ??
      nulCharacterPath(request.body, '')
    if (property === null) return done()
    done(
      new HttpError(400, errorCodes.validation, 'The request holds a NUL character', [
        { property: property || 'body', error: 'invalid_character' },
      ]),
    )
  })
}
