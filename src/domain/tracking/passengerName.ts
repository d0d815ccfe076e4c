import type { TrackingName } from '../../../tenants'

/** Hyphens that join the parts of a name: ASCII, the Unicode hyphen and the non-breaking hyphen. */
const hyphens = /[-\u2010\u2011]/
/** A letter with the combining marks that belong to it, so a decomposed "Å" stays one initial. */
const firstLetter = /\p{L}\p{M}*/u

/** The first word of a name: all of it a drivers' office needs to know whom the car carries. */
export function firstName(name: string): string {
  return name.trim().split(/\s+/)[0] ?? ''
}

/**
 * A name's initials, each followed by a full stop: "Matti Meikäläinen" is "M. M.", "Anna-Liisa Virtanen"
 * "A.-L. V.". Each word and each hyphenated part gives the first letter it has, in upper case; a part with no
 * letter gives nothing, so no digit or sign of the name shows either.
 */
export function initials(name: string): string {
  return name
    .normalize('NFC')
    .split(/\s+/)
    .map((word) =>
      word
        .split(hyphens)
        .map((part) => firstLetter.exec(part)?.[0])
        .filter((letter) => letter !== undefined)
        .map((letter) => `${letter.toUpperCase()}.`)
        .join('-'),
    )
    .filter((word) => word !== '')
    .join(' ')
}

/** The passenger's name as a tracking link shows it, by the tenant's choice. */
export function trackedPassengerName(name: string, style: TrackingName): string {
  return style === 'initials' ? initials(name) : firstName(name)
}
