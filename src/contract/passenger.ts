import { z } from 'zod'
import { avatarTextMaxLength } from './codes'
import { id, text, textLimits } from './common'

export { avatarTextMaxLength } from './codes'

export const avatarText = text(avatarTextMaxLength, { min: 1, trim: true }).transform((value) =>
  value.toUpperCase(),
)

export const passenger = z.object({
  id,
  name: text(textLimits.name),
  phone: text(textLimits.phone).nullable(),
  /** Up to two uppercase initials. */
  avatarText: text(avatarTextMaxLength),
})
export type Passenger = z.infer<typeof passenger>

export const addPassengerRequest = z.object({ token: text(textLimits.code, { min: 2, trim: true }) })
export type AddPassengerRequest = z.infer<typeof addPassengerRequest>

export const updatePassengerRequest = z.object({ avatarText })
export type UpdatePassengerRequest = z.input<typeof updatePassengerRequest>

export const placeSources = ['unknown', 'productDestination', 'mapPlaceResult', 'mapPlacePrediction'] as const

export const place = z.object({
  id,
  alias: text(textLimits.name).nullable(),
  display: text(textLimits.address),
  address: text(textLimits.address),
  streetnumber: text(textLimits.addressPart).nullable(),
  postalcode: text(textLimits.addressPart).nullable(),
  city: text(textLimits.name).nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  isHome: z.boolean(),
  isPickup: z.boolean(),
  isViaPoint: z.boolean(),
  isMain: z.boolean(),
  isSecondaryPlace: z.boolean(),
  source: z.enum(placeSources),
})
export type Place = z.infer<typeof place>
