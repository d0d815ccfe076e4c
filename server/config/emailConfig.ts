import { readFileSync } from 'node:fs'

type Env = Record<string, string | undefined>

/** DKIM signing of every mail (DKIM_DOMAIN, DKIM_SELECTOR, DKIM_PRIVATE_KEY or DKIM_PRIVATE_KEY_FILE). */
export interface DkimConfig {
  domainName: string
  keySelector: string
  /** PEM. */
  privateKey: string
}

/**
 * How this deployment sends e-mail (server/email/, docs/operations.md "E-mail"):
 * - `smtp`: through the operator's relay (SMTP_URL, smtp:// with STARTTLS or smtps://), from MAIL_FROM;
 * - `demo`: demo mode without SMTP_URL keeps the mails and shows them on a page only local hosts reach;
 * - `off`: EMAIL=off, no mail at all; the portal then offers neither recovery nor e-mail choices.
 * Outside demo mode a start with neither SMTP_URL nor EMAIL=off is refused: no reset link is kept silently.
 */
export type EmailConfig =
  | {
      mode: 'smtp'
      smtpUrl: string
      from: string
      dkim: DkimConfig | null
      /** EMAIL_SENDER=off leaves this instance's outbox to the others (it still queues mails). */
      sender: boolean
    }
  | { mode: 'demo'; from: string; sender: boolean }
  | { mode: 'off' }

function onOff(env: Env, name: string): boolean {
  const value = env[name] ?? ''
  if (value !== '' && value !== 'on' && value !== 'off') throw new Error(`${name} must be on or off`)
  return value !== 'off'
}

function dkimFrom(env: Env): DkimConfig | null {
  const { DKIM_DOMAIN: domainName, DKIM_SELECTOR: keySelector } = env
  const privateKey =
    env.DKIM_PRIVATE_KEY || (env.DKIM_PRIVATE_KEY_FILE ? readFileSync(env.DKIM_PRIVATE_KEY_FILE, 'utf8') : '')
  if (!domainName && !keySelector && !privateKey) return null
  if (!domainName || !keySelector || !privateKey)
    throw new Error('DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY (or DKIM_PRIVATE_KEY_FILE) go together')
  if (!privateKey.includes('PRIVATE KEY-----')) throw new Error('DKIM_PRIVATE_KEY must be a PEM private key')
  return { domainName, keySelector, privateKey }
}

/** A bare address, or a display name with one: `Portal <noreply@example.fi>`. */
function mailFrom(raw: string): string {
  const address = /<([^<>]+)>\s*$/.exec(raw)?.[1] ?? raw
  if (!/^[^\s@<>]+@[^\s@<>]+$/.test(address.trim()))
    throw new Error(`MAIL_FROM must be an e-mail address, got "${raw}"`)
  return raw.trim()
}

export function emailConfigFrom(env: Env, demo: boolean, publicOrigin: string): { email: EmailConfig } {
  const switchedOff = env.EMAIL === 'off'
  if (env.EMAIL !== undefined && env.EMAIL !== '' && env.EMAIL !== 'off' && env.EMAIL !== 'on')
    throw new Error('EMAIL must be on or off')
  if (switchedOff) return { email: { mode: 'off' } }
  const sender = onOff(env, 'EMAIL_SENDER')
  const smtpUrl = env.SMTP_URL
  if (smtpUrl) {
    const protocol = URL.canParse(smtpUrl) ? new URL(smtpUrl).protocol : ''
    if (protocol !== 'smtp:' && protocol !== 'smtps:')
      throw new Error('SMTP_URL must be an smtp:// or smtps:// URL')
    if (!env.MAIL_FROM) throw new Error('SMTP_URL needs MAIL_FROM, the address mails come from')
    return { email: { mode: 'smtp', smtpUrl, from: mailFrom(env.MAIL_FROM), dkim: dkimFrom(env), sender } }
  }
  if (demo) {
    const from = mailFrom(env.MAIL_FROM || `noreply@${new URL(publicOrigin).hostname}`)
    return { email: { mode: 'demo', from, sender } }
  }
  throw new Error(
    'E-mail needs SMTP_URL and MAIL_FROM (the operator relay), or EMAIL=off to run without e-mail: then nobody can recover a password',
  )
}
