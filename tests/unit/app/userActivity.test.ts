import { describe, expect, it } from 'vitest'
import { watchUserActivity } from '../../../src/app/browser/userActivity'

describe('watchUserActivity', () => {
  it('is active at first, then only after a tap or a key since it was last asked', () => {
    const target = new EventTarget()
    const active = watchUserActivity(target)
    expect(active()).toBe(true)
    expect(active()).toBe(false)
    target.dispatchEvent(new Event('pointerdown'))
    expect(active()).toBe(true)
    expect(active()).toBe(false)
    target.dispatchEvent(new Event('keydown'))
    target.dispatchEvent(new Event('keydown'))
    expect(active()).toBe(true)
    target.dispatchEvent(new Event('scroll'))
    expect(active()).toBe(false)
  })
})
