import { describe, expect, it } from 'vitest'
import { initialMapFollow, mapFollow, showsFollowButton } from '../../../../src/domain/tracking/mapFollow'

describe('map following the car', () => {
  it('follows from the start and stops when the user moves the map by hand', () => {
    expect(initialMapFollow.following).toBe(true)
    const panned = mapFollow(initialMapFollow, { type: 'user.moved' })
    expect(panned.following).toBe(false)
    expect(mapFollow(panned, { type: 'user.moved' })).toBe(panned)
  })

  it('follows again from the button', () => {
    const panned = mapFollow(initialMapFollow, { type: 'user.moved' })
    expect(mapFollow(panned, { type: 'follow' }).following).toBe(true)
    expect(mapFollow(initialMapFollow, { type: 'follow' })).toBe(initialMapFollow)
  })

  it('offers the button only when there is a car and the map has stopped following it', () => {
    const panned = mapFollow(initialMapFollow, { type: 'user.moved' })
    expect(showsFollowButton(panned, true)).toBe(true)
    expect(showsFollowButton(panned, false)).toBe(false)
    expect(showsFollowButton(initialMapFollow, true)).toBe(false)
  })
})
