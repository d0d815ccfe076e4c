import { useLingui } from '@lingui/react/macro'
import { RadioGroup } from 'radix-ui'
import { useId, useRef } from 'react'
import { FieldErrors, FieldLabel } from './Field'
import { StarIcon } from './featureIcons'

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

const arrowKey = /^Arrow(Up|Down|Left|Right)$/

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
  // Radix chooses the star an arrow moves to only if the key is still down when the focus arrives, which it
  // moves a task later: a key pressed and released at once (switch and voice control, on-screen keyboards)
  // moved the focus and left the star unchosen (radix-ui/primitives#4094). The arrow is remembered until just
  // after that move instead, which is queued first.
  const arrowed = useRef(false)
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
        onKeyDown={(event) => {
          if (!arrowKey.test(event.key)) return
          arrowed.current = true
          setTimeout(() => {
            arrowed.current = false
          })
        }}
      >
        {stars.map((star) => (
          <RadioGroup.Item
            key={star}
            value={String(star)}
            aria-label={starsLabel(star, scale)}
            onFocus={() => {
              if (arrowed.current) onChange(star)
            }}
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
