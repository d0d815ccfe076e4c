import { Popover as Radix } from 'radix-ui'
import type { PopoverProps } from './Popover'

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
