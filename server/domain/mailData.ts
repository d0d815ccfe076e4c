import { z } from 'zod'
import { notificationData } from './notificationData'

/**
 * What a queued mail (`email_deliveries.data`) says, in no language: the sender writes it in the recipient's
 * language when it sends (server/email/mailTexts.ts). A notification carries the same data as its push, so
 * the same privacy rule holds: a first name, an event and its time; never an address, a phone number or a
 * message's text. The links' tokens are here until the mail is sent, then the row's data is cleared.
 */
export const mailData = z.discriminatedUnion('kind', [
  /** A notification the user chose to get by e-mail (its kind's switch, `switchOf`). */
  z.object({ kind: z.literal('notification'), notification: notificationData }),
  /** Confirm this address: a single-use link (`email_tokens`, purpose `verify`). */
  z.object({ kind: z.literal('verifyEmail'), firstName: z.string(), token: z.string() }),
  /** To the old address when the e-mail was changed: who did not do it knows to act. Never the new address. */
  z.object({ kind: z.literal('emailChanged'), firstName: z.string() }),
  /**
   * Password recovery, one mail per address: a single-use link per username that has a password, and whether
   * an account of the address signs in only with strong authentication (told to use it).
   */
  z.object({
    kind: z.literal('passwordReset'),
    accounts: z.array(z.object({ userName: z.string(), token: z.string() })),
    strongAuthOnly: z.boolean(),
  }),
])
export type MailData = z.infer<typeof mailData>
export type MailKind = MailData['kind']
