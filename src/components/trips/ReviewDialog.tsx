import { Trans, useLingui } from '@lingui/react/macro'
import {
  reviewFormErrors,
  type ReviewField,
  type ReviewFormContext,
} from '../../../machines/review/reviewForm.machine'
import { reviewCommentMaxLength } from '../../contract/codes'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { Dialog } from '../ui/Dialog'
import { StarRating } from '../ui/StarRating'
import { TextArea } from '../ui/TextArea'
import { reviewTexts } from './reviewTexts'

/** The ids of the form's fields, so the machine's focusField can find them. */
export type ReviewFieldIds = Record<ReviewField, string>

/** Focuses a field of the form: a rating's checked star (or its first), or the comment. */
export function focusReviewField(ids: ReviewFieldIds, field: ReviewField): void {
  const element = document.getElementById(ids[field])
  const target =
    field === 'comment'
      ? element
      : (element?.querySelector<HTMLElement>('[role=radio][data-state=checked]') ??
        element?.querySelector<HTMLElement>('[role=radio]'))
  target?.focus()
}

type RatingField = Exclude<ReviewField, 'comment'>
const ratingFields: readonly RatingField[] = ['driverStars', 'experienceStars']

export interface ReviewDialogProps {
  open: boolean
  busy: boolean
  context: ReviewFormContext
  fieldIds: ReviewFieldIds
  onClose(): void
  onStars(field: RatingField, value: number): void
  onComment(value: string): void
  onSave(): void
  /** See Dialog: where focus goes when the dialog closes. */
  onCloseAutoFocus(event: Event): void
}

/** The review form: driver and experience ratings on the tenant's scale and a comment, all required. */
export function ReviewDialog(props: ReviewDialogProps) {
  const { t } = useLingui()
  const { context } = props
  const errors = context.showErrors ? reviewFormErrors(context) : []
  const errorOf = (field: ReviewField, text: string) => (errors.includes(field) ? text : null)
  const chooseRating = t(reviewTexts.chooseRating)

  return (
    <Dialog
      open={props.open}
      onOpenChange={(open) => {
        if (!open) props.onClose()
      }}
      title={t(reviewTexts.title)}
      onCloseAutoFocus={props.onCloseAutoFocus}
    >
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault()
          props.onSave()
        }}
        className="flex flex-col gap-4"
      >
        {ratingFields.map((field) => (
          <StarRating
            key={field}
            label={t(reviewTexts[field])}
            value={context[field]}
            scale={context.scale}
            onChange={(value) => props.onStars(field, value)}
            error={errorOf(field, chooseRating)}
            id={props.fieldIds[field]}
            required
          />
        ))}
        <TextArea
          id={props.fieldIds.comment}
          label={t(reviewTexts.comment)}
          value={context.comment}
          maxLength={reviewCommentMaxLength}
          required
          error={errorOf('comment', t(reviewTexts.required))}
          onChange={(event) => props.onComment(event.target.value)}
        />
        {context.failed ? (
          <Alert severity="error" live>
            {t(reviewTexts.saveFailed)}
          </Alert>
        ) : null}
        <div className="mt-2 flex flex-wrap justify-end gap-3">
          <Button variant="secondary" onClick={props.onClose}>
            <Trans id="common.cancel">Cancel</Trans>
          </Button>
          <Button type="submit" disabled={props.busy}>
            {t(reviewTexts.save)}
          </Button>
        </div>
      </form>
    </Dialog>
  )
}
