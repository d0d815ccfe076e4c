type Env = Record<string, string | undefined>

export interface VapidKeyPair {
  /** base64url of the uncompressed P-256 point (65 bytes). */
  publicKey: string
  /** base64url of the 32-byte private scalar. */
  privateKey: string
}

/** Web Push (server/notifications/, docs/operations.md "Notifications"). */
export interface PushConfig {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; null: the pair kept in the database, made on first start. */
  vapidKeys: VapidKeyPair | null
  /** VAPID_SUBJECT, the contact push services see (mailto: or https:); by default one at PUBLIC_ORIGIN's host. */
  vapidSubject: string
  /** PUSH_SENDER=off leaves this instance's outbox to the others (it still queues notifications). */
  pushSender: boolean
}

function base64urlBytes(name: string, raw: string, length: number): string {
  if (!/^[A-Za-z0-9_-]+$/.test(raw) || Buffer.from(raw, 'base64url').length !== length)
    throw new Error(`${name} must be ${length} bytes in base64url`)
  return raw
}

function vapidKeysFrom(env: Env): VapidKeyPair | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey } = env
  if (!publicKey && !privateKey) return null
  if (!publicKey || !privateKey) throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY go together')
  return {
    publicKey: base64urlBytes('VAPID_PUBLIC_KEY', publicKey, 65),
    privateKey: base64urlBytes('VAPID_PRIVATE_KEY', privateKey, 32),
  }
}

function vapidSubjectFrom(env: Env, publicOrigin: string): string {
  const subject = env.VAPID_SUBJECT || `mailto:webpush@${new URL(publicOrigin).hostname}`
  const protocol = URL.canParse(subject) ? new URL(subject).protocol : ''
  if (protocol !== 'mailto:' && protocol !== 'https:')
    throw new Error(`VAPID_SUBJECT must be a mailto: or https: URL, got "${subject}"`)
  return subject
}

export function pushConfigFrom(env: Env, publicOrigin: string): PushConfig {
  const sender = env.PUSH_SENDER ?? ''
  if (sender !== '' && sender !== 'on' && sender !== 'off') throw new Error('PUSH_SENDER must be on or off')
  return {
    vapidKeys: vapidKeysFrom(env),
    vapidSubject: vapidSubjectFrom(env, publicOrigin),
    pushSender: sender !== 'off',
  }
}
