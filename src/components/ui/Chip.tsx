import type { ReactNode } from 'react'
import { chipColors, type ChipTone } from './classes'

/**
 * A small status label: words, an optional decorative icon, and a tone colour. `wrap` lets a sentence-long label
 * break over lines on a narrow screen instead of running out of its box.
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
  const shapeClassName = wrap ? 'rounded-lg whitespace-normal' : 'rounded-full whitespace-nowrap'
  return (
    <span
      className={`inline-flex min-h-target items-center gap-1 border px-2.5 py-0.5 text-sm leading-tight font-semibold ${shapeClassName} [&_svg]:size-4`}
      style={{ backgroundColor: color.background, color: color.text, borderColor: color.border }}
    >
      {icon}
      {children}
    </span>
  )
}
