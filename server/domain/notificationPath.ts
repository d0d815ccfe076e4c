import type { NotificationData } from './notificationData'

/**
 * The portal path a notification opens (the trip detail route is `/trips/$id/$date`), by push (its `navigate`)
 * and by e-mail alike, and the tag that lets a newer push replace an older one on the device.
 */
export function notificationPath(data: NotificationData): { path: string; tag?: string } {
  switch (data.kind) {
    case 'message':
      return { path: '/messages', tag: `message:${data.messageId}` }
    case 'reminder':
      return { path: '/trips', tag: `reminder:${data.date}` }
    case 'test':
      return { path: '/' }
    case 'bookingRefused':
      // A refused booking is no trip to show.
      return { path: '/trips', tag: `trip:${data.tripId}:${data.date}` }
    default:
      return {
        path: `/trips/${encodeURIComponent(data.tripId)}/${encodeURIComponent(data.date)}`,
        tag: `trip:${data.tripId}:${data.date}`,
      }
  }
}
