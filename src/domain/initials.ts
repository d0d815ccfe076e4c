import { avatarTextMaxLength } from '../contract/codes'

/**
 * A passenger's initials when nobody chose them: the first letters of the first two words of the name, upper
 * case. Whole characters, never half a surrogate pair, and never longer than the initials may be (an upper-case
 * 'ß' is 'SS'): then only the first.
 */
export function initials(name: string): string {
  const letters = name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase()
  return letters.length <= avatarTextMaxLength ? letters : ([...letters][0] ?? '')
}
