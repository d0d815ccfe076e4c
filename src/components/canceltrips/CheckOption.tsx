import type { ReactNode } from 'react'
import { FieldErrors } from '../ui/Field'

export interface CheckOptionProps {
  checked: boolean
  onToggle(): void
  /** The id of the group's error, read with every option while it shows. */
  errorId?: string | null
  children: ReactNode
}

/** A checkbox whose whole card is its label (a large target); the content is the label's text. */
export function CheckOption({ checked, onToggle, errorId = null, children }: CheckOptionProps) {
  return (
    <label
      className={
        'flex cursor-pointer items-start gap-3 rounded-xl border-2 bg-surface p-4 shadow-sm ' +
        (checked ? 'border-action' : 'border-transparent')
      }
    >
      <input
        type="checkbox"
        className="mt-2.5 size-6 shrink-0 accent-action"
        checked={checked}
        onChange={onToggle}
        aria-invalid={errorId ? true : undefined}
        aria-describedby={errorId ?? undefined}
      />
      <span className="min-w-0 flex-1">{children}</span>
    </label>
  )
}

/** A choice group's error, above its options. */
export function GroupError({ id, text }: { id: string; text: string | null }) {
  return text ? <FieldErrors id={id} errors={[text]} /> : null
}
