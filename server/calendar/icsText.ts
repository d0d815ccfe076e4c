/**
 * iCalendar's text rules (RFC 5545) for the lines the feed writes itself: ical-generator escapes an event's
 * summary, location, description and URL, but writes its UID and the calendar's name as given.
 */

/** A TEXT value (3.3.11): backslash, semicolon and comma escaped, and a line break of any kind as `\n`. */
export function escapeText(value: string): string {
  return value.replace(/[\\;,]/g, (char) => `\\${char}`).replace(/\r\n|\r|\n/g, '\\n')
}

/** The most octets of a line before its CRLF (3.1); a folded line's leading space counts. */
const lineOctets = 75
const encoder = new TextEncoder()

/** One content line folded at 75 octets, between whole characters (never inside a UTF-8 sequence). */
function foldLine(line: string): string {
  if (encoder.encode(line).length <= lineOctets) return line
  const parts = ['']
  let octets = 0
  for (const char of line) {
    const size = encoder.encode(char).length
    if (octets + size > lineOctets) {
      parts.push(' ')
      octets = 1
    }
    parts[parts.length - 1] += char
    octets += size
  }
  return parts.join('\r\n')
}

/** Lines as an iCalendar stream: each folded and ended by CRLF, the last one too. */
export function icsStream(lines: readonly string[]): string {
  return lines.map((line) => `${foldLine(line)}\r\n`).join('')
}
