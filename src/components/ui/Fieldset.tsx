import type { ReactNode } from 'react'

export interface FieldsetProps {
  legend: ReactNode
  /** The space between the fieldset's controls, one of Tailwind's gaps. */
  gap: 'gap-1' | 'gap-2' | 'gap-3' | 'gap-4'
  className?: string
  children: ReactNode
}

/**
 * A group of controls under its legend, stacked. The legend floats (a full-width block, the group's name as
 * before): WebKit counts a rendered legend twice in the height of a fieldset that is a flex item, as every
 * wizard step's is, until a later layout drops the extra. The fieldset then shrank by the legend's height as
 * the Next button after it was pressed, the button moved from under the pointer, and the press did nothing
 * (WebKitGTK 2.50; on a phone, a tap that misses).
 */
export function Fieldset({ legend, gap, className, children }: FieldsetProps) {
  return (
    <fieldset className={className}>
      <legend className="float-left mb-2 w-full font-semibold">{legend}</legend>
      <div className={`clear-both flex flex-col ${gap}`}>{children}</div>
    </fieldset>
  )
}
