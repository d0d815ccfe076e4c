import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { formatter } from '@lingui/format-po'
import { describe, expect, it } from 'vitest'
import { catalogPartOf } from '../../../src/app/startup/catalogParts'
import { lazyPartsFor } from '../../../src/app/startup/i18n'

/** The message ids a source file names (every message has an explicit id, lingui.config.ts). */
function idsIn(path: string): string[] {
  if (statSync(path).isDirectory()) return readdirSync(path).flatMap((name) => idsIn(join(path, name)))
  if (!/\.tsx?$/.test(path)) return []
  const source = readFileSync(path, 'utf8')
  return [...source.matchAll(/\bid[:=]\s*['"]([a-z_]+\.[\w.]+)['"]/g)].map((match) => match[1]!)
}

/** What home, the not-found page and the shell (signed in or not, drawer and dialogs included) show. */
const firstPaint = [
  'src/routes/__root.tsx',
  'src/routes/index.tsx',
  'src/content/home',
  'src/content/titles.ts',
  'src/components/shell',
  'src/components/ui',
  'src/components/screenTitles.ts',
  'src/components/NotFoundPage.tsx',
  'src/app/startup/UnknownTenant.tsx',
  'src/app/startup/serviceWorker.ts',
  'tenants',
]

describe('catalog parts', async () => {
  const text = readFileSync('locales/en/messages.po', 'utf8')
  const catalog = await formatter({ explicitIdAsDefault: true }).parse(text, {
    locale: 'en',
    sourceLocale: 'en',
    filename: 'en.po',
  })
  const known = new Set(Object.keys(catalog))

  it('puts everything home and the shell show in the first part', () => {
    const ids = new Set(firstPaint.flatMap(idsIn))
    expect(ids.size).toBeGreaterThan(50)
    for (const id of ids) {
      expect(known.has(id), `${id} is a message`).toBe(true)
      expect(catalogPartOf(id), id).toBe('first')
    }
  })

  it('leaves out only the server’s messages: everything the portal shows is in a part', () => {
    for (const id of new Set(['src', 'machines', 'workers', 'tenants'].flatMap(idsIn))) {
      expect(known.has(id), `${id} is a message`).toBe(true)
      expect(catalogPartOf(id), id).not.toBeNull()
    }
  })

  it('keeps the long texts of other screens out of the first part', () => {
    expect(catalogPartOf('privacy.title')).toBe('first')
    expect(catalogPartOf('privacy.general.controller.title')).toBe('texts')
    expect(catalogPartOf('privacy.general.controller.body')).toBe('texts')
    expect(catalogPartOf('accessibility.title')).toBe('first')
    expect(catalogPartOf('trips.problem.picked_up')).toBe('screens')
    expect(catalogPartOf('trips.now')).toBe('followUp')
    expect(catalogPartOf('messages.send')).toBe('followUp')
    expect(catalogPartOf('messages.send_failed')).toBe('screens')
    expect(catalogPartOf('passenger.no_passengers')).toBe('screens')
    expect(catalogPartOf('canceltrips.cancellation_error')).toBe('screens')
    expect(catalogPartOf('login.title')).toBeNull()
    expect(catalogPartOf('password.done_changed')).toBe('account')
    // The forms' texts the spec names under `password` show on every screen's forms.
    expect(catalogPartOf('password.success')).toBe('screens')
    expect(catalogPartOf('password.errors.genericSaveError')).toBe('screens')
  })

  it.each([
    {
      part: 'booking',
      loaders: [
        'src/components/booking/BookingWizard.tsx',
        'src/components/booking/bookingTexts.ts',
        'src/components/booking/DateStep.tsx',
        'src/components/booking/PassengerStep.tsx',
      ],
      least: 10,
    },
    {
      part: 'bookingSteps',
      loaders: ['src/components/booking'],
      least: 120,
    },
    {
      part: 'permissions',
      loaders: [
        'src/components/permissions',
        'src/routes/_auth/transportationPermissions.index.tsx',
        'src/routes/_auth/transportationPermissions.$passengerId.$id.tsx',
      ],
      least: 10,
    },
    {
      part: 'account',
      loaders: [
        'src/components/account',
        'src/components/invitations',
        'src/components/password',
        'src/routes/_auth/password.tsx',
        'src/routes/_auth/personal-info.tsx',
        'src/routes/invitation.$code.tsx',
        'src/routes/register-travel-card.tsx',
        'src/routes/logged-out.tsx',
        'src/components/passengers',
        'src/routes/_auth/passengers.tsx',
        // Home loads it with the notice that a session ended, its only texts there.
        'src/components/session',
      ],
      least: 40,
    },
    {
      part: 'followUp',
      loaders: [
        'src/components/messages',
        'src/routes/_auth/messages.tsx',
        'src/components/trips',
        'src/components/tracking',
        'src/components/canceltrips',
        'src/routes/_auth/trips.index.tsx',
        'src/routes/_auth/trips.$id.$date.tsx',
        'src/routes/_auth/canceltrips.tsx',
        'src/routes/track.$link.tsx',
      ],
      least: 100,
    },
    {
      part: 'texts',
      loaders: [
        'src/content/privacy',
        'src/content/accessibility',
        'src/routes/privacy.tsx',
        'src/routes/privacy-keusote.tsx',
        'src/routes/accessibility-report.tsx',
        'src/routes/accessibility-report-keusote.tsx',
      ],
      least: 40,
    },
    {
      part: 'settings',
      loaders: ['src/components/notifications', 'src/routes/_auth/notifications.tsx'],
      least: 40,
    },
  ])('keeps the $part part to the screens that load it', ({ part, loaders, least }) => {
    const theirs = new Set(loaders.flatMap(idsIn))
    expect([...theirs].filter((id) => catalogPartOf(id) === part).length).toBeGreaterThan(least)
    const others = ['src', 'machines', 'workers', 'tenants']
      .flatMap(idsIn)
      .filter((id) => !theirs.has(id) && catalogPartOf(id) === part)
    expect(others).toEqual([])
  })

  it('loads the later parts a route shows: none for home, the booking part only with its screens', () => {
    expect(lazyPartsFor(['__root__', '/'])).toEqual([])
    expect(lazyPartsFor(['__root__'])).toEqual([])
    expect(lazyPartsFor(['__root__', '/privacy'])).toEqual(['screens', 'texts'])
    expect(lazyPartsFor(['__root__', '/privacy-keusote'])).toEqual(['screens', 'texts'])
    expect(lazyPartsFor(['__root__', '/accessibility-report-keusote'])).toEqual(['screens', 'texts'])
    expect(lazyPartsFor(['__root__', '/_auth', '/_auth/trips/'])).toEqual(['screens', 'followUp'])
    expect(lazyPartsFor(['__root__', '/_auth', '/_auth/trips/$id/$date'])).toEqual(['screens', 'followUp'])
    expect(lazyPartsFor(['__root__', '/_auth', '/_auth/canceltrips'])).toEqual(['screens', 'followUp'])
    expect(lazyPartsFor(['__root__', '/track/$link'])).toEqual(['screens', 'followUp'])
    expect(lazyPartsFor(['__root__', '/_auth', '/_auth/booking'])).toEqual(['screens', 'booking'])
    expect(lazyPartsFor(['__root__', '/_auth', '/_auth/transportationPermissions/$passengerId/$id'])).toEqual(
      ['screens', 'permissions'],
    )
    expect(lazyPartsFor(['__root__', '/_auth', '/_auth/password'])).toEqual(['screens', 'account'])
    expect(lazyPartsFor(['__root__', '/invitation/$code'])).toEqual(['screens', 'account'])
    expect(lazyPartsFor(['__root__', '/logged-out'])).toEqual(['screens', 'account'])
    expect(lazyPartsFor(['__root__', '/_auth', '/_auth/passengers'])).toEqual(['screens', 'account'])
    expect(lazyPartsFor(['__root__', '/_auth', '/_auth/messages'])).toEqual(['screens', 'followUp'])
    expect(lazyPartsFor(['__root__', '/_auth', '/_auth/notifications'])).toEqual(['screens', 'settings'])
    expect(catalogPartOf('notifications.title')).toBe('first')
    expect(catalogPartOf('calendar_feed.copy')).toBe('settings')
    expect(catalogPartOf('push.eta.title')).toBeNull()
    expect(catalogPartOf('booking.step_heading')).toBe('booking')
    expect(catalogPartOf('booking.save')).toBe('bookingSteps')
    expect(catalogPartOf('booking_repeat.toggle')).toBe('bookingSteps')
    expect(catalogPartOf('permissions.choose_passenger')).toBe('permissions')
    expect(catalogPartOf('booking.title')).toBe('first')
  })
})
