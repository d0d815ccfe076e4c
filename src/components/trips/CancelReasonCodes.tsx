import { useLingui } from '@lingui/react/macro'
import { cancelReasonCodes, type CancelReasonCode } from '../../contract/codes'
import { Fieldset } from '../ui/Fieldset'
import { cancelReasonCodeTexts, cancelReasonTexts } from './cancelReasonTexts'

export interface CancelReasonCodesProps {
  /** The radio group's name, one per form. */
  name: string
  value: CancelReasonCode | null
  /** The chosen code with its words as shown, which the command sends when no text is written. */
  onChoose(code: CancelReasonCode, words: string): void
}

/**
 * The one-tap reasons: native radio buttons (a group the arrow keys move through and a screen reader names by
 * its legend), each in a card that is its label, 44 px tall at least.
 */
export function CancelReasonCodes({ name, value, onChoose }: CancelReasonCodesProps) {
  const { t } = useLingui()
  return (
    <Fieldset legend={t(cancelReasonTexts.codesLegend)} gap="gap-2" className="mb-4">
      {cancelReasonCodes.map((code) => {
        const words = t(cancelReasonCodeTexts[code])
        return (
          <label
            key={code}
            className="flex min-h-comfortable cursor-pointer items-center gap-3 rounded-lg border-2 border-muted bg-surface px-4 py-2 has-[:checked]:border-action"
          >
            <input
              type="radio"
              name={name}
              value={code}
              className="size-5 shrink-0 accent-action"
              checked={value === code}
              onChange={() => onChoose(code, words)}
            />
            <span>{words}</span>
          </label>
        )
      })}
    </Fieldset>
  )
}
