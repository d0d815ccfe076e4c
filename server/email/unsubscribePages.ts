import type { MessageDescriptor } from '@lingui/core'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { NotificationKind } from '../../src/contract/codes'
import type { Locale } from '../../src/domain/locale'
import type { ServerI18n } from '../i18n/catalogs'
import { html } from '../pages/html'
import { sendTenantPage } from '../pages/tenantPage'

/** Each kind in words, as the notifications screen names its switch (src/components/notifications/labels.ts). */
const kindNames: Record<NotificationKind, MessageDescriptor> = {
  eta: { id: 'notifications.kind.eta', message: 'The car is near' },
  waiting: { id: 'notifications.kind.waiting', message: 'The car is waiting' },
  pickedUp: { id: 'notifications.kind.picked_up', message: 'Picked up' },
  droppedOff: { id: 'notifications.kind.dropped_off', message: 'Dropped off' },
  noShow: { id: 'notifications.kind.no_show', message: 'Passenger not met at pickup' },
  tripChanged: { id: 'notifications.kind.trip_changed', message: 'Trip cancelled or time changed' },
  booking: { id: 'notifications.kind.booking', message: 'Booking confirmed' },
  message: { id: 'notifications.kind.message', message: 'New message from the operator' },
  reminder: { id: 'notifications.kind.reminder', message: "Evening reminder of tomorrow's trips" },
}

type PageI18n = ReturnType<ServerI18n>

/** The portal's notification settings, where every choice can be changed back. */
const settingsLink = (request: FastifyRequest, i18n: PageI18n, locale: Locale) =>
  html`<p>
    <a class="standalone" href="${request.tenant.pathPrefix}/notifications?lang=${locale}"
      >${i18n._({ id: 'email_unsubscribe.settings', message: 'Open the notification settings' })}</a
    >
  </p>`

/**
 * Asks before turning the kind off: a link scanner that follows the mail's link changes nothing, and the user
 * sees what the button does. The form posts to the same address, its token in the query.
 */
export function sendUnsubscribeQuestion(
  request: FastifyRequest,
  reply: FastifyReply,
  i18n: PageI18n,
  locale: Locale,
  kind: NotificationKind,
  token: string,
): FastifyReply {
  const name = i18n._(kindNames[kind])
  const action = `${request.tenant.pathPrefix}/email/unsubscribe?token=${encodeURIComponent(token)}`
  return sendTenantPage(request, reply, {
    status: 200,
    locale,
    title: i18n._({ id: 'email_unsubscribe.title', message: 'Stop these e-mails?' }),
    body: html`<p>
        ${i18n._({
          id: 'email_unsubscribe.text',
          message:
            'You get e-mails about “{name}”. Stop them for all your passengers? Notifications on your devices stay as they are.',
          values: { name },
        })}
      </p>
      <form method="post" action="${action}">
        <input type="hidden" name="locale" value="${locale}" />
        <button class="button" type="submit">
          ${i18n._({ id: 'email_unsubscribe.button', message: 'Stop these e-mails' })}
        </button>
      </form>`,
  })
}

/** The kind is off by e-mail: what was done and how to undo it. */
export function sendUnsubscribed(
  request: FastifyRequest,
  reply: FastifyReply,
  i18n: PageI18n,
  locale: Locale,
  kind: NotificationKind,
): FastifyReply {
  const name = i18n._(kindNames[kind])
  return sendTenantPage(request, reply, {
    status: 200,
    locale,
    title: i18n._({ id: 'email_unsubscribe.done_title', message: 'E-mails stopped' }),
    body: html`<p>
        ${i18n._({
          id: 'email_unsubscribe.done_text',
          message:
            'You will no longer get e-mails about “{name}”. To get them again, turn them on in the portal’s notification settings.',
          values: { name },
        })}
      </p>
      ${settingsLink(request, i18n, locale)}`,
  })
}

/** A link that is not one of ours (forged, cut short, another portal's): 400, and where to choose instead. */
export function sendBadUnsubscribeLink(
  request: FastifyRequest,
  reply: FastifyReply,
  i18n: PageI18n,
  locale: Locale,
): FastifyReply {
  return sendTenantPage(request, reply, {
    status: 400,
    locale,
    title: i18n._({ id: 'email_unsubscribe.bad_title', message: 'This link does not work' }),
    body: html`<p>
        ${i18n._({
          id: 'email_unsubscribe.bad_text',
          message:
            'The link to stop e-mails is not valid. You can choose which e-mails you get in the portal’s notification settings.',
        })}
      </p>
      ${settingsLink(request, i18n, locale)}`,
  })
}
