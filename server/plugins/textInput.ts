import type { FastifyInstance } from 'fastify'
import { errorCodes } from '../../src/contract/common'
import { HttpError } from '../errors/httpError'

/**
 * How deeply arrays and objects may nest in a request. The contract's deepest payload is a few levels; a
 * deeper one is refused before anything walks it (zod, the idempotency fingerprint), so no walk can overflow.
 */
export const maxNesting = 32

/** What a walk of a request's value found: a NUL character at `path`, or nesting deeper than `maxNesting`. */
export type InputProblem = { kind: 'nul'; path: string } | { kind: 'too_deep' }

/**
 * The first problem of a parsed request value, walked with a stack of its own rather than by recursion: a
 * JSON body of any depth parses, and a recursive walk of 20,000 levels would overflow the call stack.
 * Entries are visited in order, so the path named is the first in the document.
 */
export function inputProblem(value: unknown): InputProblem | null {
  const pending: { value: unknown; path: string; depth: number }[] = [{ value, path: '', depth: 0 }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (typeof next.value === 'string') {
      if (next.value.includes('\u0000')) return { kind: 'nul', path: next.path }
      continue
    }
    if (next.value === null || typeof next.value !== 'object') continue
    if (next.depth === maxNesting) return { kind: 'too_deep' }
    const entries = Object.entries(next.value)
    for (let index = entries.length - 1; index >= 0; index--) {
      const [key, entry] = entries[index]!
      const path = next.path ? `${next.path}.${key}` : key
      if (key.includes('\u0000')) return { kind: 'nul', path }
      pending.push({ value: entry, path, depth: next.depth + 1 })
    }
  }
  return null
}

function refusal(problem: InputProblem, location: string): HttpError {
  if (problem.kind === 'too_deep') {
    return new HttpError(400, errorCodes.validation, 'The request is nested too deeply', [
      { property: location, error: 'too_deep' },
    ])
  }
  return new HttpError(400, errorCodes.validation, 'The request holds a NUL character', [
    { property: problem.path || location, error: 'invalid_character' },
  ])
}

/**
 * Refuses, with 400 before validation, a NUL character anywhere in the path parameters, query or body (which
 * PostgreSQL text cannot store) and a body nested deeper than `maxNesting`.
 */
export function registerTextInputCheck(app: FastifyInstance): void {
  // A callback hook, not an async one: it runs on every API request, polls included.
  app.addHook('preValidation', (request, _reply, done) => {
    for (const [location, value] of [
      ['params', request.params],
      ['query', request.query],
      ['body', request.body],
    ] as const) {
      const problem = inputProblem(value)
      if (problem) return done(refusal(problem, location))
    }
    done()
  })
}
