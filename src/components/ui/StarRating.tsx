import { useLingui } from '@lingui/react/macro'
import { RadioGroup } from 'radix-ui'
import { useId } from 'react'
import { FieldErrors, FieldLabel } from './Field'
import { StarIcon } from './icons'

export interface StarRatingProps {
  label: string
  value: number | null
  /** How many stars the scale has (5, or 4 for two themes). */
  scale: number
  onChange(value: number): void
  error?: string | null
  required?: boolean
  /** The group's id, so a form can find it to move focus to its checked (or first) star. */
  id?: string
}

/** "3 of 5 stars", for a star to choose and for a given rating. */
function useStarsLabel() {
  const { t } = useLingui()
  return (value: number, scale: number) =>
    t({ id: 'rating.star_value', message: `${value} of ${scale} stars` })
}

/**
 * A star rating as a radio group: one tab stop, arrow keys choose, each star named "3 of 5 stars". Stars up to
 * the chosen one are filled, so the choice shows without colour.
 */
export function StarRating({ label, value, scale, onChange, error, required, id }: StarRatingProps) {
  const starsLabel = useStarsLabel()
  const labelId = useId()
  const errorId = useId()
  const stars = Array.from({ length: scale }, (_, index) => index + 1)
  return (
    <div className="flex flex-col gap-1">
      <FieldLabel required={required}>
        <span id={labelId}>{label}</span>
      </FieldLabel>
      <RadioGroup.Root
        id={id}
        aria-labelledby={labelId}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        value={value === null ? null : String(value)}
        onValueChange={(next) => onChange(Number(next))}
        orientation="horizontal"
        className="flex flex-wrap gap-1"
      >
        {stars.map((star) => (
          <RadioGroup.Item
            key={star}
            value={String(star)}
            aria-label={starsLabel(star, scale)}
            className="inline-flex size-11 items-center justify-center rounded-lg text-link hover:bg-background [&_svg]:size-8"
          >
            <StarIcon filled={value !== null && star <= value} />
          </RadioGroup.Item>
        ))}
      </RadioGroup.Root>
      {error ? <FieldErrors id={errorId} errors={[error]} /> : null}
    </div>
  )
}

/** A given rating, read-only: the stars for the eye and "4 of 5 stars" for screen readers. */
export function StarValue({ value, scale }: { value: number; scale: number }) {
  const starsLabel = useStarsLabel()
  return (
    <span role="img" aria-label={starsLabel(value, scale)} className="inline-flex text-link [&_svg]:size-6">
      {Array.from({ length: scale }, (_, index) => (
        <StarIcon key={index} filled={index < value} />
      ))}
    </span>
  )
}
