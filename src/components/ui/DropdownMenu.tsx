import { DropdownMenu as RadixMenu } from 'radix-ui'
import type { ReactNode } from 'react'
import { menuClasses } from './classes'

export interface MenuEntry {
  key: string
  label: ReactNode
  onSelect(): void
}

export interface DropdownMenuProps {
  /** The trigger's accessible name. */
  label: string
  /** What the trigger shows. */
  trigger: ReactNode
  triggerClassName?: string
  items: readonly MenuEntry[]
}

/**
 * A button that opens a menu of actions (arrow keys move, Escape closes, focus returns to the button). The menu
 * is not modal and renders in place, inside its landmark: a modal menu would hide the page (aria-hidden) from
 * assistive technology while open, and a portalled one would sit outside every landmark.
 */
export function DropdownMenu({ label, trigger, triggerClassName = '', items }: DropdownMenuProps) {
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger
        aria-label={label}
        className={`inline-flex min-h-comfortable min-w-comfortable items-center justify-center rounded-lg ${triggerClassName}`}
      >
        {trigger}
      </RadixMenu.Trigger>
      <RadixMenu.Content align="end" sideOffset={6} className={menuClasses.content}>
        {items.map((item) => (
          <RadixMenu.Item key={item.key} onSelect={item.onSelect} className={menuClasses.item}>
            {item.label}
          </RadixMenu.Item>
        ))}
      </RadixMenu.Content>
    </RadixMenu.Root>
  )
}
