import { buttonClasses } from './classes'
import { useMenuCode } from './DropdownMenu'
import { ChevronDownIcon } from './featureIcons'
import { StandIn } from './loadOnFirstOpen'
import type { ChoiceMenuProps } from './RadixMenus'

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
  return <StandIn failures={code.failures} aria-haspopup="menu" {...look} {...code.standIn} />
}
