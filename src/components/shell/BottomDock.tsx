import { useRef, type ReactNode } from 'react'
import { useCoversBottom } from './coveredBottom'

/**
 * The bars fixed to the viewport's bottom, stacked upwards from it: the bottom navigation, the offline banner
 * above it, a notice above both. Each comes and goes without moving what is below it, and none moves the page:
 * they lie over it, and the page keeps its end and a focused control clear of them (`useCoversBottom`). The
 * dock itself fills the viewport, letting taps through, so that no box of it moves as a bar comes (a box
 * around the bars would grow upwards, which the browser counts as a layout shift).
 */
export function BottomDock({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null)
  useCoversBottom(ref)
  return (
    <div ref={ref} className="pointer-events-none fixed inset-0 z-40 flex flex-col justify-end">
      {children}
    </div>
  )
}
