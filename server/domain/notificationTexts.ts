import type { I18n } from '@lingui/core'
import { clockTime, shellDate } from '../../src/domain/dateDisplay'
import type { NotificationData } from './notificationData'

export interface NotificationText {
  title: string
  body: string
}

/** The trips a reminder names before it says how many more there are. */
const reminderTripsShown = 4

/**
 * Each kind's title and body in one language (the server's PO catalogs): a first name, an event and its time in the
 * tenant's zone, and for a message its sender; never an address, a phone number or a message's text.
 */
export function notificationText(i18n: I18n, data: NotificationData, timeZone: string): NotificationText {
  const time = (instant: string) => clockTime(instant, timeZone)
  switch (data.kind) {
    case 'eta':
      return {
        title: i18n._({
          id: 'push.eta.title',
          message: '{name}: the car is coming',
          values: { name: data.firstName },
        }),
        body: i18n._({
          id: 'push.eta.body',
          message: 'Pickup in about {minutes} min, at {time}.',
          values: { minutes: data.minutes, time: time(data.at) },
        }),
      }
    case 'waiting':
      return {
        title: i18n._({
          id: 'push.waiting.title',
          message: '{name}: the car is waiting',
          values: { name: data.firstName },
        }),
        body: i18n._({
          id: 'push.waiting.body',
          message: 'The car arrived at the pickup at {time}.',
          values: { time: time(data.at) },
        }),
      }
    case 'pickedUp':
      return {
        title: i18n._({
          id: 'push.picked_up.title',
          message: '{name}: picked up',
          values: { name: data.firstName },
        }),
        body: i18n._({
          id: 'push.picked_up.body',
          message: 'Picked up at {time}.',
          values: { time: time(data.at) },
        }),
      }
    case 'droppedOff':
      return {
        title: i18n._({
          id: 'push.dropped_off.title',
          message: '{name}: arrived',
          values: { name: data.firstName },
        }),
        body: i18n._({
          id: 'push.dropped_off.body',
          message: 'Arrived at the destination at {time}.',
          values: { time: time(data.at) },
        }),
      }
    case 'noShow':
      return {
        title: i18n._({
          id: 'push.no_show.title',
          message: '{name}: not at the pickup',
          values: { name: data.firstName },
        }),
        body: i18n._({
          id: 'push.no_show.body',
          message: 'The driver did not meet the passenger at {time}.',
          values: { time: time(data.at) },
        }),
      }
    case 'tripCancelled':
      return {
        title: i18n._({
          id: 'push.trip_cancelled.title',
          message: '{name}: trip cancelled',
          values: { name: data.firstName },
        }),
        body: i18n._({
          id: 'push.trip_cancelled.body',
          message: 'The operator cancelled the trip of {date} at {time}.',
          values: { date: shellDate(data.date), time: time(data.startAt) },
        }),
      }
    case 'cancellationUnreceived':
      return {
        title: i18n._({
          id: 'push.cancellation_unreceived.title',
          message: '{name}: cancellation not confirmed',
          values: { name: data.firstName },
        }),
        body: i18n._({
          id: 'push.cancellation_unreceived.body',
          message:
            'The transport service has not confirmed the cancellation of the trip of {date} at {time}. Call it so that the car does not come.',
          values: { date: shellDate(data.date), time: time(data.startAt) },
        }),
      }
    case 'cancellationRefused':
      return {
        title: i18n._({
          id: 'push.cancellation_refused.title',
          message: '{name}: cancellation refused',
          values: { name: data.firstName },
        }),
        body: i18n._({
          id: 'push.cancellation_refused.body',
          message: 'The transport service could not cancel the trip of {date} at {time}. Open it to see why.',
          values: { date: shellDate(data.date), time: time(data.startAt) },
        }),
      }
    case 'tripTimeChanged':
      return {
        title: i18n._({
          id: 'push.trip_time_changed.title',
          message: '{name}: trip time changed',
          values: { name: data.firstName },
        }),
        body: i18n._({
          id: 'push.trip_time_changed.body',
          message: 'The trip of {date} now starts at {time} (was {previous}).',
          values: {
            date: shellDate(data.date),
            time: time(data.startAt),
            previous: time(data.previousStartAt),
          },
        }),
      }
    case 'bookingApproved':
      return {
        title: i18n._({
          id: 'push.booking_approved.title',
          message: '{name}: booking approved',
          values: { name: data.firstName },
        }),
        body: i18n._({
          id: 'push.booking_approved.body',
          message: 'The trip of {date} at {time} is booked.',
          values: { date: shellDate(data.date), time: time(data.startAt) },
        }),
      }
    case 'bookingRefused':
      return {
        title: i18n._({
          id: 'push.booking_refused.title',
          message: '{name}: booking refused',
          values: { name: data.firstName },
        }),
        body: i18n._({
          id: 'push.booking_refused.body',
          message: 'The trip of {date} at {time} was not booked.',
          values: { date: shellDate(data.date), time: time(data.startAt) },
        }),
      }
    case 'message':
      return {
        title: i18n._({
          id: 'push.message.title',
          message: 'New message from {operator}',
          values: { operator: data.operatorName },
        }),
        body: data.confirmationRequested
          ? i18n._({
              id: 'push.message.body_confirm',
              message: 'About {name}. It asks for your confirmation.',
              values: { name: data.firstName },
            })
          : i18n._({ id: 'push.message.body', message: 'About {name}.', values: { name: data.firstName } }),
      }
    case 'reminder': {
      const shown = data.trips
        .slice(0, reminderTripsShown)
        .map((trip) => `${trip.firstName} ${time(trip.startAt)}`)
        .join(', ')
      const more = data.trips.length - reminderTripsShown
      return {
        title: i18n._({
          id: 'push.reminder.title',
          message: 'Trips tomorrow, {date}',
          values: { date: shellDate(data.date) },
        }),
        body:
          more > 0
            ? i18n._({
                id: 'push.reminder.body_more',
                message: '{trips} and {more} more',
                values: { trips: shown, more },
              })
            : shown,
      }
    }
    case 'test':
      return {
        title: i18n._({ id: 'push.test.title', message: 'Test notification' }),
        body: i18n._({ id: 'push.test.body', message: 'Notifications work on this device.' }),
      }
  }
}

/** What the lock screen shows when the user hides details: one line, the same for every kind. */
export function hiddenText(i18n: I18n): NotificationText {
  return { title: i18n._({ id: 'push.hidden.title', message: 'Update about a trip' }), body: '' }
}
