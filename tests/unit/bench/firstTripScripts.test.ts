import { describe, expect, it } from 'vitest'
import { sequentialRounds, type Initiator } from '../../bench/firstTripScripts'

const origin = 'http://demo.localhost:8080'
const byScripts = (...paths: string[]): Initiator => ({
  type: 'script',
  stack: { callFrames: paths.map((path) => ({ url: `${origin}${path}` })) },
})

describe('rounds of script fetches one after another', () => {
  it('counts what the document names as the first round, what its scripts ask for as the next', () => {
    const initiators = new Map<string, Initiator>([
      ['/assets/index.js', { type: 'parser', url: `${origin}/trips` }],
      ['/assets/trips.js', { type: 'preload', url: `${origin}/trips` }],
      ['/assets/shell.js', byScripts('/assets/index.js')],
    ])
    expect(sequentialRounds(['/assets/index.js', '/assets/trips.js'], initiators)).toBe(1)
    expect(sequentialRounds(['/assets/index.js', '/assets/shell.js'], initiators)).toBe(2)
  })

  it('puts a script asked for by a chunk’s code a round after that chunk, however deep', () => {
    const initiators = new Map<string, Initiator>([
      ['/assets/index.js', { type: 'parser' }],
      ['/assets/route.js', byScripts('/assets/index.js')],
      // The helper that asks lives in the entry, the code that calls it in the route's chunk.
      ['/assets/popover.js', byScripts('/assets/index.js', '/assets/route.js', '/assets/index.js')],
      [
        '/assets/menu.js',
        { type: 'script', stack: { callFrames: [], parent: byScripts('/assets/popover.js').stack } },
      ],
    ])
    expect(sequentialRounds(['/assets/route.js', '/assets/popover.js'], initiators)).toBe(3)
    expect(sequentialRounds(['/assets/menu.js'], initiators)).toBe(4)
  })

  it('is not thrown by a script on its own stack, or one it never saw asked for', () => {
    const initiators = new Map<string, Initiator>([['/assets/self.js', byScripts('/assets/self.js')]])
    expect(sequentialRounds(['/assets/self.js', '/assets/unknown.js'], initiators)).toBe(1)
    expect(sequentialRounds([], initiators)).toBe(0)
  })
})
