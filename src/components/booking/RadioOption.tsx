import type { ReactNode } from 'react'

export interface RadioOptionProps {
  /** The group's name: one choice among the options that share it. */
  name: string
  checked: boolean
  disabled?: boolean
  onSelect(): void
  children: ReactNode
}

/** A radio button whose whole card is its label (a large target); the content is the label's text. */
export function RadioOption({ name, checked, disabled = false, onSelect, children }: RadioOptionProps) {
  return (
    <label
      className={
        'flex items-start gap-3 rounded-xl border-2 bg-surface p-4 shadow-sm ' +
        (checked ? 'border-action ' : 'border-transparent ') +
        // Not faded: the option's own text says why it cannot be chosen, and must stay as readable.
        (disabled ? 'cursor-not-allowed' : 'cursor-pointer')
      }
    >
      <input
        type="radio"
        name={name}
        className="mt-2.5 size-6 shrink-0 accent-action"
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
      />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  )
}
