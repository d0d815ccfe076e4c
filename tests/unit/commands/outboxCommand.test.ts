import { describe, expect, it } from 'vitest'
import { isUnsettled } from '../../../src/commands/outboxCommand'

describe('a command still to change what a trip shows', () => {
  it.each([
    ['pending', false, true],
    ['sending', false, true],
    ['rejected', false, true],
    ['rejected', true, false],
    ['acked', false, false],
  ] as const)('%s (dismissed: %s) is unsettled: %s', (status, dismissed, unsettled) => {
    expect(isUnsettled({ status, dismissed })).toBe(unsettled)
  })
})
