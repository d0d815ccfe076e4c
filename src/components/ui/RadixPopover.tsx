import { Popover as Radix } from 'radix-ui'
import type { ReactNode } from 'react'

/** Declared here, beside the code loaded on first open, so the wrapper imports this module for types only. */
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

/** The Radix side of Popover, loaded the first time it opens (see loadOnFirstOpen.tsx). */
export function RadixPopover(
  props: PopoverProps & { triggerLook: { className?: string; children: PopoverProps['trigger'] } },
) {
  return (
    <Radix.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Radix.Trigger aria-label={props.triggerLabel} {...props.triggerLook} />
      <Radix.Content
        aria-label={props.label}
        align="start"
        sideOffset={6}
        collisionPadding={8}
        onOpenAutoFocus={props.focusesItself ? (event) => event.preventDefault() : undefined}
        className="animate-portal-fade-in z-50 rounded-xl bg-surface p-3 text-text shadow-xl ring-1 ring-muted/40"
      >
        {props.children}
      </Radix.Content>
    </Radix.Root>
  )
}
