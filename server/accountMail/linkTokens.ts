import { createHash, randomBytes } from 'node:crypto'

/** A mailed link's token: 32 random bytes; only its SHA-256 is stored (`email_tokens`), the token is only in the mail. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url')
  return { token, hash: hashLinkToken(token) }
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url')
}
