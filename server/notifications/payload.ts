import type { Temporal } from 'temporal-polyfill'
import type { Locale } from '../../src/domain/locale'
import type { ServerI18n } from '../i18n/catalogs'
import type { NotificationData } from '../domain/notificationData'
import { hiddenText, notificationText } from '../domain/notificationTexts'
import { notificationPath } from '../domain/notificationPath'

/**
 * Declarative Web Push (`web_push: 8030`): Safari 18.4+ shows it with no service worker, and the portal's
 * service worker shows the same object in other browsers.
 */
export interface DeclarativePush {
  web_push: 8030
  notification: {
    title: string
    body: string
    /** Where a tap opens: the trip's detail, the messages screen, the trips list or the portal. */
    navigate: string
    lang: Locale
    /** One notification per trip, message or reminder: a newer one replaces the older on the device. */
    tag?: string
    /** When it happened (epoch milliseconds). */
    timestamp: number
  }
}

export interface PayloadContext {
  locale: Locale
  hideDetails: boolean
  /** The portal's root as the device reached it; '' navigates within the portal's root, relative to it. */
  portalUrl: string
  timeZone: string
  createdAt: Temporal.Instant
}

export function pushPayload(
  i18n: ServerI18n,
  data: NotificationData,
  context: PayloadContext,
): DeclarativePush {
  const translate = i18n(context.locale)
  const text = context.hideDetails
    ? hiddenText(translate)
    : notificationText(translate, data, context.timeZone)
  const { path, tag } = notificationPath(data)
  return {
    web_push: 8030,
    notification: {
      title: text.title,
      body: text.body,
      navigate: `${context.portalUrl.replace(/\/$/, '')}${path}`,
      lang: context.locale,
      ...(tag ? { tag } : {}),
      timestamp: context.createdAt.epochMilliseconds,
    },
  }
}
