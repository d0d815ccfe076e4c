import { z } from 'zod'
import { id, text, textLimits } from './common'

export const user = z.object({
  id,
  name: text(textLimits.name),
  userName: text(textLimits.formField).nullable(),
  email: text(textLimits.formField).nullable(),
  phone: text(textLimits.phone).nullable(),
  hasPassword: z.boolean(),
  identityVerified: z.boolean(),
})
export type User = z.infer<typeof user>

export const accessTokenResponse = z.object({
  /** Null when there is no session: the user is anonymous. */
  accessToken: text(textLimits.token).nullable(),
  /** Seconds until the token expires. */
  expiresIn: z.number().int().positive().nullable(),
})
export type AccessTokenResponse = z.infer<typeof accessTokenResponse>

/** `active=1`: the user did something since the last token, so the session slides (docs/auth.md). */
export const accessTokenQuery = z.object({ active: z.literal('1').optional() })

export {
  passwordErrorCodes,
  passwordMinLength,
  userNameMaxLength,
  userNameMinLength,
  type PasswordErrorCode,
} from './codes'

/**
 * Create a login (username and password) for a user who has none, with the email that recovers its password
 * (the portal asks for it; the spec's call without one still works). A given email must be valid.
 */
export const accountEditRequest = z.object({
  userName: text(textLimits.formField),
  password: text(textLimits.formField),
  email: text(textLimits.formField).optional(),
})
export type AccountEditRequest = z.infer<typeof accountEditRequest>

/** Change the password; the current one is required unless the user's identity is verified. */
export const changePasswordRequest = z.object({
  userName: text(textLimits.formField),
  password: text(textLimits.formField),
  currentPassword: text(textLimits.formField).optional(),
})
export type ChangePasswordRequest = z.infer<typeof changePasswordRequest>

/** Set or change the user's email (personal info); it must be valid (`src/domain/email.ts`). */
export const changeEmailRequest = z.object({ email: text(textLimits.formField) })
export type ChangeEmailRequest = z.infer<typeof changeEmailRequest>
