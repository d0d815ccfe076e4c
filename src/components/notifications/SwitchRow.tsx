import { useId } from 'react'

export interface SwitchRowProps {
  checked: boolean
  onChange(checked: boolean): void
  label: string
  description?: string
}

/** An on/off choice: a native checkbox with the switch role, its whole row the label (a large target). */
export function SwitchRow({ checked, onChange, label, description }: SwitchRowProps) {
  const hintId = useId()
  return (
    <label className="flex min-h-comfortable cursor-pointer items-start gap-3 py-1">
      <input
        type="checkbox"
        role="switch"
        className="mt-0.5 size-6 shrink-0 accent-action"
        checked={checked}
        aria-describedby={description ? hintId : undefined}
        onChange={(event) => onChange(event.target.checked)}
      />
      <span className="min-w-0 flex-1">
        {label}
        {description ? (
          <span id={hintId} className="block text-sm text-muted">
            {description}
          </span>
        ) : null}
      </span>
    </label>
  )
}
