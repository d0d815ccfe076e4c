import type { ReactNode } from 'react'
import { loadOnFirstOpen, StandIn } from './loadOnFirstOpen'
import type { MenuEntry } from './RadixMenus'

export interface DropdownMenuProps {
  /** The trigger's accessible name. */
  label: string
  /** What the trigger shows. */
  trigger: ReactNode
  triggerClassName?: string
  items: readonly MenuEntry[]
}

/** Shared with ChoiceMenu: both menus' Radix code loads together, on the first open of either. */
export const useMenuCode = loadOnFirstOpen(() => import('./RadixMenus'))

/**
 * A button that opens a menu of actions (arrow keys move, Escape closes, focus returns to the button). Its
 * Radix code loads when it first opens (src/components/ui/RadixMenus.tsx).
 */
export function DropdownMenu({ label, trigger, triggerClassName = '', items }: DropdownMenuProps) {
  const code = useMenuCode()
  const look = {
    'aria-label': label,
    className: `inline-flex min-h-comfortable min-w-comfortable items-center justify-center rounded-lg ${triggerClassName}`,
    children: trigger,
  }
  if (code.loaded) {
    const { RadixDropdownMenu } = code.loaded.impl
    return <RadixDropdownMenu trigger={look} openedWith={code.loaded.openedWith} items={items} />
  }
  return <StandIn failures={code.failures} aria-haspopup="menu" {...look} {...code.standIn} />
}
