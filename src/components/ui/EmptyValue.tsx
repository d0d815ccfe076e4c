import { useLingui } from '@lingui/react/macro'

/** Marks a value the user has not given: a dash on screen, words for screen readers. */
export function EmptyValue() {
  const { t } = useLingui()
  return (
    <span className="text-muted">
      <span aria-hidden="true">–</span>
      <span className="sr-only">{t({ id: 'common.empty_value', message: 'Not given' })}</span>
    </span>
  )
}
