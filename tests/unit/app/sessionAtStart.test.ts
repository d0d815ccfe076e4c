import { describe, expect, it } from 'vitest'
import { sessionAtStart } from '../../../src/app/session/sessionAtStart'

/** An opening that resolves when told, with a session only when its signal was not aborted by then. */
function deferredOpening() {
  let open = () => {}
  let seen: AbortSignal | null = null
  const start = sessionAtStart((signal) => {
    seen = signal
    return new Promise<string | null>((resolve) => {
      open = () => resolve(signal.aborted ? null : 'session')
    })
  })
  return { start, open: () => open(), signal: () => seen! }
}

describe('the session opened at start', () => {
  it('is handed over once to the remembered user, and opens', async () => {
    const { start, open } = deferredOpening()
    const child = new AbortController()
    const handed = start.handOver(child.signal, true)
    expect(start.handOver(new AbortController().signal, true)).toBeNull()
    open()
    await expect(handed).resolves.toBe('session')
    await expect(start.opened).resolves.toBe('session')
  })

  it('is called off when the child that took it stops before it opened, as at a logout', async () => {
    const { start, open, signal } = deferredOpening()
    const child = new AbortController()
    const handed = start.handOver(child.signal, true)
    child.abort()
    expect(signal().aborted).toBe(true)
    open()
    await expect(handed).resolves.toBeNull()
  })

  it('is called off when the first session is another user’s', async () => {
    const { start, open, signal } = deferredOpening()
    expect(start.handOver(new AbortController().signal, false)).toBeNull()
    expect(signal().aborted).toBe(true)
    open()
    await expect(start.opened).resolves.toBeNull()
  })

  it('is called off when taken by a child already stopped', () => {
    const { start, signal } = deferredOpening()
    const child = new AbortController()
    child.abort()
    void start.handOver(child.signal, true)
    expect(signal().aborted).toBe(true)
  })
})
