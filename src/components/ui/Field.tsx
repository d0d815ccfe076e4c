import { useId, type ReactNode } from 'react'
import { fieldErrorClasses } from './classes'

/** What a labelled control needs from its frame: its id, and the ids that describe it. */
export interface FieldControlProps {
  id: string
  required?: boolean
  'aria-invalid'?: true
  'aria-describedby'?: string
}

export interface FieldProps {
  label: ReactNode
  /** A hint under the label, read with the control. */
  description?: ReactNode
  /** The field's errors; they mark the control invalid and are read with it. */
  error?: string | readonly string[] | null
  required?: boolean
  className?: string
  /** The control's id, when a form needs to find it; generated otherwise. */
  id?: string
  /** Renders the control with the given id and ARIA attributes. */
  children(control: FieldControlProps): ReactNode
}

/** The frame of a form control: label, hint and errors tied to it with aria-describedby and aria-invalid. */
export function Field({
  label,
  description,
  error,
  required,
  className = '',
  id: givenId,
  children,
}: FieldProps) {
  const generatedId = useId()
  const id = givenId ?? generatedId
  const errors = typeof error === 'string' ? [error] : (error ?? [])
  const descriptionId = `${id}-description`
  const errorId = `${id}-error`
  const describedBy = [description ? descriptionId : null, errors.length ? errorId : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <FieldLabel required={required}>
        <label htmlFor={id}>{label}</label>
      </FieldLabel>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted">
          {description}
        </p>
      ) : null}
      {children({
        id,
        required,
        'aria-invalid': errors.length ? true : undefined,
        'aria-describedby': describedBy || undefined,
      })}
      {errors.length ? <FieldErrors id={errorId} errors={errors} /> : null}
    </div>
  )
}

/** A field's error texts under it (one paragraph, or a list of several). */
export function FieldErrors({ id, errors }: { id: string; errors: readonly string[] }) {
  return (
    <div id={id} className={fieldErrorClasses}>
      {errors.length === 1 ? (
        <p>{errors[0]}</p>
      ) : (
        <ul className="list-disc py-1 pl-5">
          {errors.map((text) => (
            <li key={text}>{text}</li>
          ))}
        </ul>
      )}
    </div>
  )
}

/**
 * A field's label (a <label>, or a span that names a group) with the required asterisk. The asterisk stays
 * outside the label: `required` already tells assistive technology.
 */
export function FieldLabel({ required, children }: { required?: boolean; children: ReactNode }) {
  return (
    <div className="font-semibold">
      {children}
      {required ? (
        <span aria-hidden="true" className="ml-1">
          *
        </span>
      ) : null}
    </div>
  )
}
