import { describe, expect, it, vi } from 'vitest'
import { createNoticesActor } from '../../../src/app/effects/actors'
import { createNoticesHandle } from '../../../src/app/session/noticesHandle'
import { settle } from '../machines/authHarness'

const notice = (message: string) => ({ message, severity: 'info' as const })

describe('the notices handle', () => {
  it('loads the machine with the first notice and keeps the ones pushed meanwhile, in order', async () => {
    const attach = vi.fn(async () => createNoticesActor())
    const handle = createNoticesHandle(attach)
    const changed = vi.fn()
    handle.subscribe(changed)
    expect(handle.current()).toBeNull()
    expect(attach).not.toHaveBeenCalled()
    handle.send({ type: 'notice.push', notice: notice('first') })
    handle.send({ type: 'notice.push', notice: notice('second') })
    await settle()
    expect(attach).toHaveBeenCalledTimes(1)
    expect(changed).toHaveBeenCalled()
    expect(handle.current()).toMatchObject({ message: 'first' })
    handle.send({ type: 'notice.dismiss' })
    expect(handle.current()).toMatchObject({ message: 'second' })
  })

  it('tries again with the next notice when the machine’s chunk did not load, keeping the first', async () => {
    const attach = vi.fn(async () => createNoticesActor())
    attach.mockImplementationOnce(() => Promise.reject(new Error('offline')))
    vi.spyOn(console, 'error').mockImplementationOnce(() => {})
    const handle = createNoticesHandle(attach)
    handle.send({ type: 'notice.push', notice: notice('first') })
    await settle()
    expect(handle.current()).toBeNull()
    handle.send({ type: 'notice.push', notice: notice('second') })
    await settle()
    expect(handle.current()).toMatchObject({ message: 'first' })
  })
})
