import type { ReactNode } from 'react'
import { chipColors, type ChipTone } from './classes'

/**
 * A small status label: words, an optional decorative icon, and a tone colour. Any label breaks over lines
 * rather than run out of the screen at large text sizes, between words, and inside a word only when one alone
 * is wider than the screen (a bold "confirmation:" at 200 % text is): its words keep the chip that wide, so in
 * a row (a trip card's title) it moves to a line of its own before a word breaks. `wrap` gives a sentence-long
 * label, which often breaks, a shape made for lines.
 */
export function Chip({
  tone,
  icon,
  wrap = false,
  children,
}: {
  tone: ChipTone
  icon?: ReactNode
  wrap?: boolean
  children: ReactNode
}) {
  const color = chipColors[tone]
  const shapeClassName = wrap ? 'rounded-lg' : 'whole-words rounded-full'
  return (
    <span
      className={`inline-flex min-h-target max-w-full items-center gap-1 border px-2.5 py-0.5 text-sm leading-tight font-semibold ${shapeClassName} [&_svg]:size-4`}
      style={{ backgroundColor: color.background, color: color.text, borderColor: color.border }}
    >
      {icon}
      {/* Its own box, which may be narrower than its longest word when even the screen is. */}
      <span className="min-w-0">{children}</span>
    </span>
  )
}
