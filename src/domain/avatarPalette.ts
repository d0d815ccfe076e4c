/** The 19 avatar colours (spec section 9), each with a text colour that reaches 4.5:1 contrast on it. */

export interface AvatarColor {
  background: string
  text: string
}

const white = '#ffffff'
const ink = '#1a1f29'

export const avatarPalette: readonly AvatarColor[] = [
  { background: '#b3261e', text: white },
  { background: '#c2185b', text: white },
  { background: '#8e24aa', text: white },
  { background: '#5e35b1', text: white },
  { background: '#3949ab', text: white },
  { background: '#1e63b5', text: white },
  { background: '#0b6fa4', text: white },
  { background: '#00796b', text: white },
  { background: '#2e7d32', text: white },
  { background: '#4d7c0f', text: white },
  { background: '#8d6e00', text: white },
  { background: '#b45309', text: white },
  { background: '#bf360c', text: white },
  { background: '#6d4c41', text: white },
  { background: '#546e7a', text: white },
  { background: '#f9a8d4', text: ink },
  { background: '#a5d8ff', text: ink },
  { background: '#b9f6ca', text: ink },
  { background: '#ffe082', text: ink },
]

/** FNV-1a: a small, stable string hash, so a passenger keeps its colour across devices and reloads. */
function hash(value: string): number {
  let result = 0x811c9dc5
  for (let i = 0; i < value.length; i++) {
    result ^= value.charCodeAt(i)
    result = Math.imul(result, 0x01000193) >>> 0
  }
  return result
}

/** The colour of a passenger's avatar, chosen by its id. */
export function avatarColorFor(passengerId: string): AvatarColor {
  return avatarPalette[hash(passengerId) % avatarPalette.length] as AvatarColor
}
