import type { ReactNode } from 'react'
import { loadOnFirstOpen } from './loadOnFirstOpen'

export interface PopoverProps {
  open: boolean
  onOpenChange(open: boolean): void
  /** The trigger button's content and accessible name. */
  trigger: ReactNode
  triggerLabel: string
  triggerClassName?: string
  /** The popover's accessible name (it is a non-modal dialog). */
  label: string
  /** When set, the content focuses itself (e.g. a calendar focuses the chosen day) instead of its first button. */
  focusesItself?: boolean
  children: ReactNode
}

const usePopoverCode = loadOnFirstOpen(() => import('./RadixPopover'))

/**
 * A button that opens a small non-modal dialog beside it; Escape or a click outside closes it and focus returns
 * to the button. It renders in place, inside the page's landmarks. Its Radix code loads when it first opens.
 */
export function Popover(props: PopoverProps) {
  const code = usePopoverCode()
  const look = { className: props.triggerClassName, children: props.trigger }
  if (code.loaded) return <code.loaded.impl.RadixPopover {...props} triggerLook={look} />
  return (
    <button
      type="button"
      aria-haspopup="dialog"
      aria-expanded={false}
      aria-label={props.triggerLabel}
      {...look}
      {...code.standIn}
      // A popover opens on click only (Radix's popover trigger has no arrow key).
      onKeyDown={undefined}
      onClick={(event) => {
        props.onOpenChange(true)
        code.standIn.onClick(event)
      }}
    />
  )
}
