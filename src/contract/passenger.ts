import { z } from 'zod'
import { id } from './common'

export const avatarText = z
  .string()
  .trim()
  .min(1)
  .max(2)
  .transform((value) => value.toUpperCase())

export const passenger = z.object({
  id,
  name: z.string(),
  phone: z.string().nullable(),
  /** Up to two uppercase initials. */
  avatarText: z.string().max(2),
})
export type Passenger = z.infer<typeof passenger>

export const addPassengerRequest = z.object({ token: z.string().trim().min(2).max(64) })
export type AddPassengerRequest = z.infer<typeof addPassengerRequest>

export const updatePassengerRequest = z.object({ avatarText })
export type UpdatePassengerRequest = z.input<typeof updatePassengerRequest>

export const placeSources = ['unknown', 'productDestination', 'mapPlaceResult', 'mapPlacePrediction'] as const

export const place = z.object({
  id,
  alias: z.string().nullable(),
  display: z.string(),
  address: z.string(),
  streetnumber: z.string().nullable(),
  postalcode: z.string().nullable(),
  city: z.string().nullable(),
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
