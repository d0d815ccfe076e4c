import { generateKeyPairSync } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { emailConfigFrom } from '../../server/config/emailConfig'
import { loadConfig } from '../../server/config/config'

const origin = 'https://espoo.matkaportaali.fi'
const production = (env: Record<string, string>) => emailConfigFrom(env, false, origin).email
const smtp = {
  SMTP_URL: 'smtps://user:secret@relay.example.fi:465',
  MAIL_FROM: 'Portaali <noreply@example.fi>',
}
const { privateKey } = generateKeyPairSync('rsa', {
  modulusLength: 2048,
  privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  publicKeyEncoding: { type: 'spki', format: 'pem' },
})

describe('e-mail configuration', () => {
  it('outside demo mode refuses to start without SMTP settings unless e-mail is off', () => {
    expect(() => production({})).toThrow(/SMTP_URL and MAIL_FROM.*EMAIL=off/)
    expect(production({ EMAIL: 'off' })).toEqual({ mode: 'off' })
    expect(() => production({ EMAIL: 'maybe' })).toThrow('EMAIL must be on or off')
  })

  it('SMTP_URL needs MAIL_FROM, an smtp or smtps URL and a real address', () => {
    expect(() => production({ SMTP_URL: smtp.SMTP_URL })).toThrow(/needs MAIL_FROM/)
    expect(() => production({ ...smtp, SMTP_URL: 'https://relay.example.fi' })).toThrow(
      /smtp:\/\/ or smtps:\/\//,
    )
    expect(() => production({ ...smtp, MAIL_FROM: 'noreply' })).toThrow(/MAIL_FROM must be an e-mail address/)
    expect(production(smtp)).toEqual({
      mode: 'smtp',
      ...{ smtpUrl: smtp.SMTP_URL, from: smtp.MAIL_FROM },
      dkim: null,
      sender: true,
    })
    expect(production({ ...smtp, EMAIL_SENDER: 'off' })).toMatchObject({ sender: false })
  })

  it('DKIM takes all three settings or none', () => {
    const dkim = { DKIM_DOMAIN: 'example.fi', DKIM_SELECTOR: 'portal' }
    expect(() => production({ ...smtp, ...dkim })).toThrow(/go together/)
    expect(() => production({ ...smtp, DKIM_PRIVATE_KEY: privateKey })).toThrow(/go together/)
    expect(() => production({ ...smtp, ...dkim, DKIM_PRIVATE_KEY: 'not a key' })).toThrow(/PEM private key/)
    expect(production({ ...smtp, ...dkim, DKIM_PRIVATE_KEY: privateKey })).toMatchObject({
      dkim: { domainName: 'example.fi', keySelector: 'portal', privateKey },
    })
  })

  it('the demo without SMTP settings keeps its mails, from the public origin’s host unless told', () => {
    expect(emailConfigFrom({}, true, origin).email).toEqual({
      mode: 'demo',
      from: 'noreply@espoo.matkaportaali.fi',
      sender: true,
    })
    expect(emailConfigFrom(smtp, true, origin).email).toMatchObject({ mode: 'smtp' })
  })

  it('EMAIL_RETENTION_DAYS is a whole number of days, 30 unless set', () => {
    const load = (env: Record<string, string>) => loadConfig({ PGLITE_DIR: 'memory', DEMO: 'true', ...env })
    expect(load({}).emailRetentionDays).toBe(30)
    expect(load({ EMAIL_RETENTION_DAYS: '7' }).emailRetentionDays).toBe(7)
    expect(() => load({ EMAIL_RETENTION_DAYS: 'off' })).toThrow(/EMAIL_RETENTION_DAYS/)
    expect(() => load({ EMAIL_RETENTION_DAYS: 'soon' })).toThrow(/EMAIL_RETENTION_DAYS/)
  })
})
