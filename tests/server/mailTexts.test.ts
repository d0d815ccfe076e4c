import { beforeAll, describe, expect, it } from 'vitest'
import type { MailData } from '../../server/domain/mailData'
import { mailText, type MailContext } from '../../server/email/mailTexts'
import { loadServerI18n, type ServerI18n } from '../../server/i18n/catalogs'
import { locales } from '../../src/domain/locale'

const portalUrl = 'https://espoo.matkaportaali.fi'
const trip = { passengerId: 'p1', firstName: 'Aino', tripId: 'trip-1', date: '2026-12-08' }

const kinds: Record<string, MailData> = {
  tripCancelled: {
    kind: 'notification',
    notification: { kind: 'tripCancelled', ...trip, startAt: '2026-12-08T06:30:00Z' },
  },
  message: {
    kind: 'notification',
    notification: {
      kind: 'message',
      passengerId: 'p1',
      firstName: 'Aino',
      messageId: 'm1',
      operatorName: 'Taksi Oy',
      confirmationRequested: true,
    },
  },
  reminder: {
    kind: 'notification',
    notification: {
      kind: 'reminder',
      date: '2026-12-08',
      trips: [{ ...trip, startAt: '2026-12-08T06:30:00Z' }],
    },
  },
  verifyEmail: { kind: 'verifyEmail', firstName: 'Aino', token: 'verify-token' },
  emailChanged: { kind: 'emailChanged', firstName: 'Aino' },
  passwordReset: {
    kind: 'passwordReset',
    accounts: [
      { userName: 'aino.m', token: 'reset-1' },
      { userName: 'aino2', token: 'reset-2' },
    ],
    strongAuthOnly: true,
  },
}

const links = (html: string) => [...html.matchAll(/href="([^"]+)"/g)].map((match) => match[1]!)

describe('mail texts', () => {
  let i18n: ServerI18n
  beforeAll(async () => {
    i18n = await loadServerI18n()
  })
  const context = (locale: (typeof locales)[number], notification: boolean): MailContext => ({
    locale,
    portalUrl,
    timeZone: 'Europe/Helsinki',
    serviceName: 'Espoon asiointiliikenne',
    unsubscribeUrl: notification ? `${portalUrl}/email/unsubscribe?token=u.tripChanged.sig` : null,
  })

  for (const locale of locales)
    for (const [name, data] of Object.entries(kinds))
      it(`${name} in ${locale}: subject, text and accessible HTML, every link on the portal`, () => {
        const mail = mailText(i18n, data, context(locale, data.kind === 'notification'))
        expect(mail.subject.trim()).not.toBe('')
        expect(mail.text.startsWith(`${mail.subject}\n`)).toBe(true)
        expect(mail.html).toContain(`<html lang="${locale}">`)
        expect(mail.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/)
        expect(mail.html).not.toMatch(/<img/)
        const hrefs = links(mail.html)
        expect(hrefs.length).toBeGreaterThan(0)
        for (const href of hrefs) {
          expect(href.startsWith(`${portalUrl}/`), href).toBe(true)
          // Each link also in the plain text, so a reader without HTML has it.
          expect(mail.text).toContain(href.replaceAll('&amp;', '&'))
        }
      })

  it('a notification keeps to the privacy rule: first name, event, time in the zone; its links and footer', () => {
    const mail = mailText(i18n, kinds.tripCancelled!, context('fi', true))
    expect(mail.subject).toBe('Aino: matka peruttu')
    expect(mail.text).toContain('8.12.2026 klo 08:30')
    expect(links(mail.html)).toEqual([
      `${portalUrl}/trips/trip-1/2026-12-08`,
      `${portalUrl}/notifications`,
      `${portalUrl}/email/unsubscribe?token=u.tripChanged.sig`,
    ])
    // Nothing but the data's own words: no address, phone number or message text can come from it.
    expect(mail.text.replace(/https:\/\/\S+/g, '')).not.toMatch(/\+?\d[\d -]{7,}/)
    const message = mailText(i18n, kinds.message!, context('en', true))
    expect(message.text).toContain('Taksi Oy')
    expect(links(message.html)[0]).toBe(`${portalUrl}/messages`)
  })

  it('a reset mail has a link per username and tells a strong-authentication user to use it', () => {
    for (const locale of locales) {
      const mail = mailText(i18n, kinds.passwordReset!, context(locale, false))
      expect(links(mail.html).slice(0, 2)).toEqual([
        // In the mail's language: the page it opens speaks it too.
        `${portalUrl}/login/reset?token=reset-1&amp;locale=${locale}`,
        `${portalUrl}/login/reset?token=reset-2&amp;locale=${locale}`,
      ])
      expect(mail.text).toContain('aino.m')
    }
    const [fi, sv, en] = locales.map((locale) => mailText(i18n, kinds.passwordReset!, context(locale, false)))
    expect(en!.text).toContain('strong authentication')
    expect(fi!.text).toContain('vahvalla tunnistautumisella')
    expect(sv!.text).toContain('stark autentisering')
    expect(new Set([fi!.subject, sv!.subject, en!.subject]).size).toBe(3)
  })
})
