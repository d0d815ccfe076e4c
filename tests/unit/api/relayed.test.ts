import { describe, expect, it } from 'vitest'
import { ApiRequestError } from '../../../src/api/errors'
import { relayed, unrelayed } from '../../../src/api/relayed'

/** What crosses from the sync worker to the page: structured-cloned, as postMessage does. */
const across = <T>(value: T): T => structuredClone(value)

describe('an API call made by the sync worker for the page', () => {
  it('gives the answer back', async () => {
    expect(unrelayed(across(await relayed(async () => ({ id: 'd1' }))))).toEqual({ id: 'd1' })
  })

  it('fails on the page with the same status, body and message', async () => {
    const body = { code: 'too_many_requests', message: 'Wait a minute' }
    const answer = across(
      await relayed(() => Promise.reject(new ApiRequestError(429, body as ApiRequestError['body']))),
    )
    let thrown: unknown
    try {
      unrelayed(answer)
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(ApiRequestError)
    expect(thrown).toMatchObject({ status: 429, body, message: 'Wait a minute', networkError: false })
  })

  it('keeps "no answer" as status 0', async () => {
    const answer = across(await relayed(() => Promise.reject(new ApiRequestError(0, null))))
    expect(() => unrelayed(answer)).toThrow(expect.objectContaining({ status: 0, networkError: true }))
  })

  it('does not hide a fault that is no API answer', async () => {
    await expect(relayed(() => Promise.reject(new TypeError('bug')))).rejects.toThrow('bug')
  })
})
