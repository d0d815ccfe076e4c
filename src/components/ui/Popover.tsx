import { Popover as RadixPopover } from 'radix-ui'
import type { ReactNode } from 'react'

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

/**
 * A button that opens a small non-modal dialog beside it; Escape or a click outside closes it and focus returns
 * to the button. It renders in place, inside the page's landmarks.
 */
export function Popover(props: PopoverProps) {
  return (
    <RadixPopover.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixPopover.Trigger aria-label={props.triggerLabel} className={props.triggerClassName}>
        {props.trigger}
      </RadixPopover.Trigger>
      <RadixPopover.Content
        aria-label={props.label}
        align="start"
        sideOffset={6}
        collisionPadding={8}
        onOpenAutoFocus={props.focusesItself ? (event) => event.preventDefault() : undefined}
        className="animate-portal-fade-in z-50 rounded-xl bg-surface p-3 text-text shadow-xl ring-1 ring-muted/40"
      >
        {props.children}
      </RadixPopover.Content>
    </RadixPopover.Root>
  )
}
