import { loadOnFirstOpen, StandIn } from './loadOnFirstOpen'
import type { PopoverProps } from './RadixPopover'

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
    <StandIn
      failures={code.failures}
      aria-haspopup="dialog"
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
