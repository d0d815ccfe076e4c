import { DropdownMenu as RadixMenu } from 'radix-ui'
import { useRef, type ReactNode } from 'react'
import { menuClasses } from './classes'
import { CheckIcon } from './featureIcons'
import { FirstItemFocus, type OpenedWith } from './loadOnFirstOpen'

/** Declared here, beside the code loaded on first open, so the wrapper imports this module for types only. */
export interface MenuEntry {
  key: string
  label: ReactNode
  onSelect(): void
}

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
 * The Radix side of DropdownMenu and ChoiceMenu, loaded the first time one of them opens (see
 * loadOnFirstOpen.ts). The menus are not modal and render in place, inside their landmark: a modal menu would
 * hide the page (aria-hidden) from assistive technology while open, and a portalled one would sit outside
 * every landmark.
 */

interface RadixMenuProps {
  /** The trigger's look and name, the same as the stand-in's. */
  trigger: { className: string; 'aria-label'?: string; children: ReactNode }
  /** Mounted open when the user asked to open it before the code was here. */
  openedWith: OpenedWith | null
  contentLabel?: string
  children: ReactNode
}

function MenuFrame({ trigger, openedWith, contentLabel, children }: RadixMenuProps) {
  const contentRef = useRef<HTMLDivElement>(null)
  const openedWithRef = useRef(openedWith)
  return (
    <RadixMenu.Root modal={false} defaultOpen={openedWith !== null}>
      <RadixMenu.Trigger {...trigger} />
      <RadixMenu.Content
        align="end"
        sideOffset={6}
        aria-label={contentLabel}
        ref={contentRef}
        className={menuClasses.content}
      >
        <FirstItemFocus contentRef={contentRef} openedWithRef={openedWithRef} />
        {children}
      </RadixMenu.Content>
    </RadixMenu.Root>
  )
}

export function RadixDropdownMenu(props: Omit<RadixMenuProps, 'children'> & { items: readonly MenuEntry[] }) {
  return (
    <MenuFrame {...props}>
      {props.items.map((item) => (
        <RadixMenu.Item key={item.key} onSelect={item.onSelect} className={menuClasses.item}>
          {item.label}
        </RadixMenu.Item>
      ))}
    </MenuFrame>
  )
}

export function RadixChoiceMenu(
  props: Omit<RadixMenuProps, 'children'> &
    Pick<ChoiceMenuProps, 'choices' | 'onChange'> & { value?: string },
) {
  return (
    <MenuFrame {...props}>
      <RadixMenu.RadioGroup value={props.value} onValueChange={props.onChange}>
        {props.choices.map((choice) => (
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
    </MenuFrame>
  )
}
