/**
 * Which date field the date helper shows on a device (spec section 2, Select date): the browser's own date
 * input where it is a good picker (Android, iOS and iPadOS, macOS), else a text field that reads the spec's
 * formats with a calendar beside it, which shows dates as the portal does (DD.MM.YYYY) whatever the browser's
 * locale.
 */
export type DateInputKind = 'native' | 'text'

export function dateInputKind(userAgent: string): DateInputKind {
  // iPadOS asks for desktop pages and says Macintosh; its date input is the native one too.
  return /Android|iPhone|iPad|iPod|Macintosh/.test(userAgent) ? 'native' : 'text'
}
