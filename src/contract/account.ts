import { z } from 'zod'
import { id, text, textLimits } from './common'

/**
 * The user's address as mail sees it: none, not confirmed yet (a link was sent), confirmed, or refused for good by
 * the mail server (docs/auth.md, "The account's email").
 */
export const emailStatuses = ['none', 'unverified', 'verified', 'undeliverable'] as const
export type EmailStatus = (typeof emailStatuses)[number]

export const user = z.object({
  id,
  name: text(textLimits.name),
  userName: text(textLimits.formField).nullable(),
  email: text(textLimits.formField).nullable(),
  phone: text(textLimits.phone).nullable(),
  hasPassword: z.boolean(),
  identityVerified: z.boolean(),
  emailStatus: z.enum(emailStatuses),
  /** False when the deployment sends no mail (EMAIL=off): no confirmation, recovery or e-mail choices. */
  mailEnabled: z.boolean(),
})
export type User = z.infer<typeof user>

export const accessTokenResponse = z.object({
  /** Null when there is no session: the user is anonymous. */
  accessToken: text(textLimits.token).nullable(),
  /** Seconds until the token expires. */
  expiresIn: z.number().int().positive().nullable(),
  /**
   * Whole seconds until the session (not the token) ends, as this call left it: the page keeps what it stores
   * for the user no longer than the session. Seconds, not a time, so the device's clock does not matter.
   */
  sessionEndsIn: z.number().int().nonnegative().nullable(),
})
export type AccessTokenResponse = z.infer<typeof accessTokenResponse>

/**
 * `active=1`: the user did something since the last token, so the session slides; `locale`: the page's language,
 * kept with the user for their mails (docs/auth.md).
 */
export const accessTokenQuery = z.object({
  active: z.literal('1').optional(),
  locale: z.enum(['fi', 'sv', 'en']).optional(),
})

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
