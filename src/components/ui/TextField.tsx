import { useId, type ComponentProps, type ReactNode } from 'react'

export interface TextFieldProps extends Omit<ComponentProps<'input'>, 'id'> {
  label: ReactNode
  /** A hint under the label, read with the field. */
  description?: ReactNode
  /** The field's errors; they mark it invalid and are read with it. */
  error?: string | readonly string[] | null
}

/** A labelled text input whose hint and error are tied to it with aria-describedby and aria-invalid. */
export function TextField({
  label,
  description,
  error,
  className = '',
  required,
  ...inputProps
}: TextFieldProps) {
  const id = useId()
  const errors = typeof error === 'string' ? [error] : (error ?? [])
  const descriptionId = `${id}-description`
  const errorId = `${id}-error`
  const describedBy = [description ? descriptionId : null, errors.length ? errorId : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      {/* The asterisk stays outside the label: `required` already tells assistive technology. */}
      <div className="font-semibold">
        <label htmlFor={id}>{label}</label>
        {required ? (
          <span aria-hidden="true" className="ml-1">
            *
          </span>
        ) : null}
      </div>
      {description ? (
        <p id={descriptionId} className="text-sm text-muted">
          {description}
        </p>
      ) : null}
      <input
        id={id}
        required={required}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={
          'min-h-comfortable rounded-lg border-2 bg-surface px-3 py-2 text-text ' +
          (error ? 'border-error' : 'border-muted')
        }
        {...inputProps}
      />
      {errors.length ? (
        <div
          id={errorId}
          className="self-start rounded bg-[#fdecea] px-2 py-0.5 text-sm font-semibold text-[#8c1d18]"
        >
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
      ) : null}
    </div>
  )
}
