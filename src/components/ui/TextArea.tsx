import type { ComponentProps, ReactNode } from 'react'
import { inputClasses } from './classes'
import { Field } from './Field'

export interface TextAreaProps extends ComponentProps<'textarea'> {
  label: ReactNode
  description?: ReactNode
  error?: string | readonly string[] | null
}

/** A labelled multi-line text field, with the same hint and error wiring as TextField. */
export function TextArea({
  label,
  description,
  error,
  className,
  required,
  id,
  rows = 4,
  ...props
}: TextAreaProps) {
  return (
    <Field
      label={label}
      description={description}
      error={error}
      required={required}
      className={className}
      id={id}
    >
      {(control) => (
        <textarea
          {...control}
          rows={rows}
          className={`${inputClasses(Boolean(control['aria-invalid']))} resize-y`}
          {...props}
        />
      )}
    </Field>
  )
}
