import type { FastifyInstance, FastifyRequest } from 'fastify'
import { Temporal } from 'temporal-polyfill'
import { errorCodes, type FieldError } from '../../src/contract/common'
import { endpoints } from '../../src/contract/endpoints'
import { emailProblems, normalizeEmail } from '../../src/domain/email'
import { credentialErrors } from '../../src/domain/password'
import type { KeyStore } from '../auth/accessTokens'
import { hashPassword, verifyPassword } from '../auth/passwords'
import { endOtherSessions } from '../auth/sessions'
import type { TenantDb } from '../db/tenantDb'
import { isUniqueViolation, type UserRow } from '../db/repositories/users'
import { HttpError } from '../errors/httpError'
import { registerEndpoint } from './registerEndpoint'
import { toUserView } from '../views/accountViews'
import { changeAddress, resendConfirmation } from '../accountMail/addressConfirmation'
import type { MailContext } from '../accountMail/mailContext'
import { apiLocale } from '../i18n/apiLocale'

const duplicateUserName: FieldError = { property: 'userName', error: 'DuplicateUserName' }

function rejectWith(errors: FieldError[]): never {
  throw new HttpError(
    400,
    errorCodes.validation,
    'The username, password or email does not meet the rules',
    errors,
  )
}

/** The email's field errors by the portal's own rule (src/domain/email.ts). */
const emailErrors = (email: string): FieldError[] =>
  emailProblems(email).map((error) => ({ property: 'email', error }))

/** Whatever changed in the user's row, every request reads it again: the session cache held the old one. */
async function updatingUser(request: FastifyRequest, user: UserRow, update: () => Promise<UserRow>) {
  try {
    return await update()
  } finally {
    request.server.sessionCache.forgetUser(request.tenant.id, user.id)
  }
}

/** The rules of spec section 5 plus uniqueness: usernames are unique per tenant, case-insensitively. */
async function credentialProblems(db: TenantDb, user: UserRow, userName: string, password: string) {
  const errors = credentialErrors(userName, password)
  if (!errors.some((error) => error.property === 'userName')) {
    const holder = await db.users.findByUserName(userName)
    if (holder && holder.id !== user.id) errors.push(duplicateUserName)
  }
  return errors
}

/** A mail queued by this request: in the user's language (else the request's), to this portal, now. */
const mailContext = (request: FastifyRequest, mail: boolean): MailContext & { mail: boolean } => ({
  locale: apiLocale(request),
  portalUrl: request.tenant.portalUrl,
  now: Temporal.Now.instant(),
  mail,
})

/** A new email is stored unconfirmed, its confirmation queued in the same transaction (server/accountMail/). */
async function saveCredentials(
  request: FastifyRequest,
  user: UserRow,
  credentials: { userName: string; password: string; email?: string | undefined },
  mail: boolean,
): Promise<UserRow> {
  const passwordHash = await hashPassword(credentials.password)
  const { email } = credentials
  return updatingUser(request, user, async () => {
    try {
      return await request.db.transaction(async (db) => {
        const saved = await db.users.setCredentials(user.id, {
          ...credentials,
          passwordHash,
          email: undefined,
        })
        return email === undefined ? saved : changeAddress(db, saved, email, mailContext(request, mail))
      })
    } catch (error) {
      // Another request took the username between the check and the update.
      if (isUniqueViolation(error)) rejectWith([duplicateUserName])
      throw error
    }
  })
}

/** `mail`: whether the deployment sends mail (config.email.mode is not off). */
export function registerAccountRoutes(app: FastifyInstance, keys: KeyStore, mail: boolean): void {
  const view = (user: UserRow) => toUserView(user, mail)
  registerEndpoint(app, keys, endpoints.getAccount, async ({ user }) => view(user))

  registerEndpoint(app, keys, endpoints.editAccount, async ({ request, user, body }) => {
    if (user.password_hash !== null) {
      throw new HttpError(400, errorCodes.alreadyHasPassword, 'The user already has a username and password')
    }
    const errors = await credentialProblems(request.db, user, body.userName, body.password)
    // The spec's call has no email; a blank one is none either.
    const email = body.email === undefined ? undefined : normalizeEmail(body.email) || undefined
    if (email !== undefined) errors.push(...emailErrors(email))
    if (errors.length > 0) rejectWith(errors)
    return view(await saveCredentials(request, user, { ...body, email }, mail))
  })

  registerEndpoint(app, keys, endpoints.changeEmail, async ({ request, user, body }) => {
    const errors = emailErrors(body.email)
    if (errors.length > 0) rejectWith(errors)
    const email = normalizeEmail(body.email)
    const context = mailContext(request, mail)
    return view(
      await updatingUser(request, user, () =>
        request.db.transaction((db) => changeAddress(db, user, email, context)),
      ),
    )
  })

  registerEndpoint(app, keys, endpoints.resendEmailConfirmation, async ({ request, user }) => {
    if (!mail) throw new HttpError(409, errorCodes.nothingToConfirm, 'This portal sends no e-mail')
    const outcome = await request.db.transaction((db) =>
      resendConfirmation(db, user, mailContext(request, mail)),
    )
    if (outcome === 'limited') {
      throw new HttpError(
        429,
        errorCodes.tooManyRequests,
        'A link was sent a moment ago: try again in a minute',
      )
    }
    if (outcome === 'nothing to confirm') {
      throw new HttpError(409, errorCodes.nothingToConfirm, 'The email is not waiting for its confirmation')
    }
    return view(user)
  })

  registerEndpoint(app, keys, endpoints.changePassword, async ({ request, user, sessionId, body }) => {
    if (user.password_hash === null) {
      throw new HttpError(400, errorCodes.noPassword, 'The user has no password yet: create a login instead')
    }
    const errors = await credentialProblems(request.db, user, body.userName, body.password)
    // A strongly identified user may reset the password without the old one (spec section 6).
    if (!user.identity_verified) {
      if (!body.currentPassword) errors.push({ property: 'currentPassword', error: 'Required' })
      else if (!(await verifyPassword(user.password_hash, body.currentPassword))) {
        errors.push({ property: 'currentPassword', error: 'PasswordMismatch' })
      }
    }
    if (errors.length > 0) rejectWith(errors)
    const saved = await saveCredentials(request, user, body, mail)
    // Whoever else holds a session of this user (the reason to change a password) is signed out.
    await endOtherSessions(request, user.id, sessionId)
    return view(saved)
  })
}
