import type { ReactNode } from 'react'
import { buttonClasses } from './classes'
import { useMenuCode } from './DropdownMenu'
import { ChevronDownIcon } from './icons'

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
 * DropdownMenu its Radix code loads when it first opens.
 */
export function ChoiceMenu({ label, icon, value, choices, onChange }: ChoiceMenuProps) {
  const code = useMenuCode()
  const current = choices.find((choice) => choice.value === value) ?? choices[0]
  const look = {
    className: buttonClasses('secondary'),
    children: (
      <>
        {icon}
        <span className="sr-only">{label}: </span>
        {current?.label}
        <ChevronDownIcon />
      </>
    ),
  }
  if (code.loaded) {
    const { RadixChoiceMenu } = code.loaded.impl
    return (
      <RadixChoiceMenu
        trigger={look}
        openedWith={code.loaded.openedWith}
        contentLabel={label}
        value={current?.value}
        choices={choices}
        onChange={onChange}
      />
    )
  }
  return <button type="button" aria-haspopup="menu" aria-expanded={false} {...look} {...code.standIn} />
}
