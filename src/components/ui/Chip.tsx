import type { ReactNode } from 'react'
import { chipColors, type ChipTone } from './classes'

/** A small status label: words, an optional decorative icon, and a tone colour. */
export function Chip({ tone, icon, children }: { tone: ChipTone; icon?: ReactNode; children: ReactNode }) {
  const color = chipColors[tone]
  return (
    <span
      className="inline-flex min-h-target items-center gap-1 rounded-full border px-2.5 py-0.5 text-sm leading-tight font-semibold whitespace-nowrap [&_svg]:size-4"
      style={{ backgroundColor: color.background, color: color.text, borderColor: color.border }}
    >
      {icon}
      {children}
    </span>
  )
}
