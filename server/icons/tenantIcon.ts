import type { IconShape } from '../../src/domain/tenantIcons'
import type { TenantConfig } from '../../tenants'
import { encodePng } from './png'
import { letterStroke, strokeLetter, type Point } from './strokeLetters'

/*
 * `rounded`: the tenant's colour as a rounded square with its initials, transparent corners. `full`: the colour to
 * every edge and the initials inside the middle 80 % (the maskable safe zone; iOS rounds the corners itself).
 */

/** Initials for the icon: the first letters of the first two words of the tenant's name. */
export function tenantInitials(name: string): string {
  const words = name.split(/[\s-]+/).filter(Boolean)
  return words
    .slice(0, 2)
    .map((word) => [...word][0] ?? '')
    .join('')
    .toUpperCase()
}

/** Of the icon's side: the largest the initials may be across and high, and the corner radius. */
const fit = {
  rounded: { width: 0.62, height: 0.34 },
  // Inside the maskable safe zone, a circle of 80 % of the side.
  full: { width: 0.48, height: 0.27 },
}
const cornerRadius = 96 / 512
const letterGap = 2.8

interface Mark {
  lines: Point[][]
  strokeWidth: number
}

/** The initials' strokes in the pixels of an icon `size` wide, centred. */
function markOf(initials: string, shape: IconShape, size: number): Mark {
  const drawn = [...initials].flatMap((char) => strokeLetter(char) ?? [])
  const width =
    drawn.reduce((sum, letter) => sum + letter.width, 0) + letterGap * Math.max(0, drawn.length - 1)
  const unit =
    size * Math.min(fit[shape].width / (width + letterStroke), fit[shape].height / (10 + letterStroke))
  const left = size / 2 - (width / 2) * unit
  const top = size / 2 - 5 * unit
  const lines: Point[][] = []
  let x = 0
  for (const letter of drawn) {
    for (const stroke of letter.strokes) {
      lines.push(stroke.map(([px, py]) => [left + (x + px) * unit, top + py * unit] as const))
    }
    x += letter.width + letterGap
  }
  return { lines, strokeWidth: letterStroke * unit }
}

const round = (value: number) => Math.round(value * 10) / 10

export function tenantIconSvg(tenant: TenantConfig): string {
  const { primary, onPrimary } = tenant.theme.colors
  const { lines, strokeWidth } = markOf(tenantInitials(tenant.name), 'rounded', 512)
  const path = lines
    .map((line) => line.map(([x, y], index) => `${index ? 'L' : 'M'}${round(x)} ${round(y)}`).join(''))
    .join('')
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 512 512" width="512" height="512">
<rect width="512" height="512" rx="96" fill="${primary}"/>
<path d="${path}" fill="none" stroke="${onPrimary}" stroke-width="${round(strokeWidth)}" stroke-linecap="round" stroke-linejoin="round"/>
</svg>
`
}

function rgbOf(hex: string): [number, number, number] {
  const digits = hex.replace('#', '')
  const full = digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits
  if (!/^[0-9a-f]{6}$/i.test(full)) throw new Error(`tenant icon: ${hex} is not a hex colour`)
  return [0, 2, 4].map((at) => parseInt(full.slice(at, at + 2), 16)) as [number, number, number]
}

function segmentDistance(px: number, py: number, [ax, ay]: Point, [bx, by]: Point): number {
  const dx = bx - ax
  const dy = by - ay
  const length = dx * dx + dy * dy
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((px - ax) * dx + (py - ay) * dy) / length))
  return Math.hypot(px - (ax + t * dx), py - (ay + t * dy))
}

/** How much of the pixel centred at (px, py) the rounded square covers, from its signed distance. */
function roundedCoverage(px: number, py: number, size: number): number {
  const radius = cornerRadius * size
  const half = size / 2
  const qx = Math.abs(px - half) - (half - radius)
  const qy = Math.abs(py - half) - (half - radius)
  const distance = Math.hypot(Math.max(qx, 0), Math.max(qy, 0)) + Math.min(Math.max(qx, qy), 0) - radius
  return Math.max(0, Math.min(1, 0.5 - distance))
}

/**
 * The icon as a PNG `size` pixels square: the same drawing as the SVG, each pixel covered as far as it lies within
 * half a stroke of a line (which gives the round ends and joins) or inside the square.
 */
export function tenantIconPng(tenant: TenantConfig, shape: IconShape, size: number): Buffer {
  const background = rgbOf(tenant.theme.colors.primary)
  const ink = rgbOf(tenant.theme.colors.onPrimary)
  const { lines, strokeWidth } = markOf(tenantInitials(tenant.name), shape, size)
  const segments = lines.flatMap((line) => line.slice(1).map((end, index) => [line[index]!, end] as const))
  const half = strokeWidth / 2
  const points = lines.flat()
  // Beyond the lines' bounds no pixel is inked, so their distances need no working out there.
  const [minX, maxX] = [
    Math.min(...points.map(([x]) => x)) - half - 1,
    Math.max(...points.map(([x]) => x)) + half + 1,
  ]
  const [minY, maxY] = [
    Math.min(...points.map(([, y]) => y)) - half - 1,
    Math.max(...points.map(([, y]) => y)) + half + 1,
  ]
  const pixels = new Uint8Array(size * size * 4)
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const px = x + 0.5
      const py = y + 0.5
      const under = shape === 'full' ? 1 : roundedCoverage(px, py, size)
      let nearest = Infinity
      if (px >= minX && px <= maxX && py >= minY && py <= maxY) {
        for (const [a, b] of segments) nearest = Math.min(nearest, segmentDistance(px, py, a, b))
      }
      const over = Math.max(0, Math.min(1, half - nearest + 0.5))
      const alpha = over + under * (1 - over)
      const at = (y * size + x) * 4
      for (let channel = 0; channel < 3; channel++) {
        const mixed = ink[channel]! * over + background[channel]! * under * (1 - over)
        pixels[at + channel] = alpha === 0 ? 0 : Math.round(mixed / alpha)
      }
      pixels[at + 3] = Math.round(alpha * 255)
    }
  }
  return encodePng(size, size, pixels)
}
