import { describe, expect, it } from 'vitest'
import type { AllowedArea } from '../../../../src/contract/permissions'
import { isInsideArea, isRouteInsideArea } from '../../../../src/domain/permissions/area'

const point = (latitude: number, longitude: number) => ({ latitude, longitude })

/** A square around Espoo's centre. */
const square: AllowedArea = {
  polygon: [point(60.1, 24.5), point(60.1, 24.8), point(60.3, 24.8), point(60.3, 24.5)],
}

/** An L shape: its notch (north-east) is outside although it is inside the bounding box. */
const ell: AllowedArea = {
  polygon: [point(60, 24), point(60, 26), point(61, 26), point(61, 25), point(62, 25), point(62, 24)],
}

describe('a point inside an allowed area', () => {
  it.each([
    ['the centre', square, point(60.2, 24.65), true],
    ['north of it', square, point(60.31, 24.65), false],
    ['west of it', square, point(60.2, 24.49), false],
    ['a corner', square, point(60.1, 24.5), true],
    ['on an edge', square, point(60.2, 24.8), true],
    ['the L’s foot', ell, point(60.5, 25.5), true],
    ['the L’s upright', ell, point(61.5, 24.5), true],
    ['the L’s notch', ell, point(61.5, 25.5), false],
    ['level with a corner, outside', ell, point(61, 26.5), false],
  ])('%s: %s', (_name, area, candidate, inside) => {
    expect(isInsideArea(area, candidate)).toBe(inside)
  })
})

describe('a route inside an allowed area', () => {
  it('needs every point inside', () => {
    expect(isRouteInsideArea(square, [point(60.2, 24.6), point(60.25, 24.7)])).toBe(true)
    expect(isRouteInsideArea(square, [point(60.2, 24.6), point(60.4, 24.7)])).toBe(false)
  })
  it('goes anywhere without an area', () => {
    expect(isRouteInsideArea(null, [point(0, 0)])).toBe(true)
  })
})
