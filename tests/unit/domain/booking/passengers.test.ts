import { describe, expect, it } from 'vitest'
import {
  extrasProblems,
  passengerCountProblems,
  selectedExtraIds,
} from '../../../../src/domain/booking/passengers'
import { quotaWith } from './fixtures'

const vpl = quotaWith({ decisionType: 'VPL' })
const shl = quotaWith({ decisionType: 'SHL' })
const ordinary = quotaWith({ decisionType: 'SOS' })

describe('passenger count: at least 1, extra passengers only on VPL and SHL', () => {
  it.each([
    [1, null, []],
    [3, null, []],
    [0, null, ['passengerCountMin']],
    [-1, vpl, ['passengerCountMin']],
    [1.5, vpl, ['passengerCountMin']],
    [Number.NaN, vpl, ['passengerCountMin']],
    [1, ordinary, []],
    [2, ordinary, ['extraPassengersNotAllowed']],
    [2, vpl, []],
    [4, shl, []],
  ])('%d passengers on %o -> %j', (count, quota, problems) => {
    expect(passengerCountProblems(count, quota)).toEqual(problems)
  })
})

describe('extras', () => {
  const extras = [
    { extraId: 'wheelchair', name: 'Pyörätuoli', selected: true },
    { extraId: 'guide-dog', name: 'Opaskoira', selected: false },
    { extraId: 'front-seat', name: 'Etupenkki', selected: true },
  ]

  it('lists the selected ones in the quota order', () => {
    expect(selectedExtraIds({ extras })).toEqual(['wheelchair', 'front-seat'])
    expect(selectedExtraIds({ extras: [] })).toEqual([])
  })

  it.each([
    ['VPL with extras', { ...vpl, extras }, []],
    ['SHL with extras', { ...shl, extras }, []],
    ['ordinary with extras chosen', { ...ordinary, extras }, ['extrasNotAllowed']],
    [
      'ordinary with none chosen',
      { ...ordinary, extras: extras.map((e) => ({ ...e, selected: false })) },
      [],
    ],
  ])('%s -> %j', (_, quota, problems) => {
    expect(extrasProblems(quota)).toEqual(problems)
  })
})
