import type { ComponentProps, ReactNode } from 'react'
import { inputClasses } from './classes'
import { Field } from './Field'

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode
  /** A hint under the label, read with the field. */
  description?: ReactNode
  /** The field's errors; they mark it invalid and are read with it. */
  error?: string | readonly string[] | null
}

/** A labelled text input whose hint and error are tied to it with aria-describedby and aria-invalid. */
export function TextField({ label, description, error, className, required, ...inputProps }: TextFieldProps) {
  return (
    <Field label={label} description={description} error={error} required={required} className={className}>
      {(control) => (
        <input {...control} className={inputClasses(Boolean(control['aria-invalid']))} {...inputProps} />
      )}
    </Field>
  )
}
