import { DropdownMenu as RadixMenu } from 'radix-ui'
import type { ReactNode } from 'react'
import { buttonClasses, menuClasses } from './classes'
import { CheckIcon, ChevronDownIcon } from './icons'

export interface Choice {
  value: string
  label: string
}

export interface ChoiceMenuProps {
  /** Said before the current choice, e.g. "Passenger": the button reads "Passenger: All". */
  label: string
  /** What the button shows before the current choice (an icon). */
  icon?: ReactNode
  value: string
  choices: readonly Choice[]
  onChange(value: string): void
}

/**
 * A button that opens a menu of mutually exclusive choices (menuitemradio, the chosen one checked). Like
 * DropdownMenu it is not modal and renders in place, inside its landmark.
 */
export function ChoiceMenu({ label, icon, value, choices, onChange }: ChoiceMenuProps) {
  const current = choices.find((choice) => choice.value === value) ?? choices[0]
  return (
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger className={buttonClasses('secondary')}>
        {icon}
        <span className="sr-only">{label}: </span>
        {current?.label}
        <ChevronDownIcon />
      </RadixMenu.Trigger>
      <RadixMenu.Content align="end" sideOffset={6} aria-label={label} className={menuClasses.content}>
        <RadixMenu.RadioGroup value={current?.value} onValueChange={onChange}>
          {choices.map((choice) => (
            <RadixMenu.RadioItem key={choice.value} value={choice.value} className={menuClasses.item}>
              <span className="inline-flex size-6 items-center justify-center">
                <RadixMenu.ItemIndicator>
                  <CheckIcon />
                </RadixMenu.ItemIndicator>
              </span>
              {choice.label}
            </RadixMenu.RadioItem>
          ))}
        </RadixMenu.RadioGroup>
      </RadixMenu.Content>
    </RadixMenu.Root>
  )
}
