import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect, useId, useMemo, useState } from 'react'
import { dismissCommand } from '../../app/data/commands'
import { reviewFormWithEffects } from '../../app/effects/reviewFormCalls'
import { usePlatform } from '../../app/platform'
import type { OutboxCommand } from '../../commands/outboxCommand'
import { commandErrorMessage } from '../../commands/rejections'
import { commandView } from '../../commands/tripView'
import type { Review, Trip } from '../../contract/trip'
import { Alert } from '../ui/Alert'
import { useAnnounce } from '../ui/announce'
import { Button } from '../ui/Button'
import { Chip } from '../ui/Chip'
import { HourglassIcon, StarIcon } from '../ui/featureIcons'
import { StarValue } from '../ui/StarRating'
import { focusReviewField, ReviewDialog } from './ReviewDialog'
import { reviewTexts } from './reviewTexts'
import { DetailList, TripSection } from './TripSection'

export interface ReviewSectionProps {
  trip: Trip
  scale: 4 | 5
  /** The latest review command of the trip, if any. */
  command: OutboxCommand<'trip.review'> | null
}

/**
 * The trip's review: the given review read-only, a review waiting in the outbox as pending, a refused one with
 * its reason, and while a review can be written (checked every 60 s) the button that opens the form.
 */
export function ReviewSection({ trip, scale, command }: ReviewSectionProps) {
  const { t } = useLingui()
  const { sessions } = usePlatform()
  const announce = useAnnounce()
  const idBase = useId()
  const headingId = `${idBase}-heading`
  const fieldIds = useMemo(
    () => ({
      driverStars: `${idBase}-driver`,
      experienceStars: `${idBase}-experience`,
      comment: `${idBase}-comment`,
    }),
    [idBase],
  )
  const [machine] = useState(() =>
    reviewFormWithEffects(sessions, (field) => focusReviewField(fieldIds, field)),
  )
  const [snapshot, send] = useMachine(machine, { input: { trip, scale } })
  // A pull that changes the trip (a drop-off, a review) re-evaluates availability at once.
  useEffect(() => {
    send({ type: 'trip.update', trip })
  }, [trip, send])

  const view = commandView(trip, command)
  const given = trip.reviews[0]
  const available = snapshot.matches({ availability: 'available' })
  const formOpen = snapshot.matches({ form: 'editing' }) || snapshot.matches({ form: 'queueing' })
  if (!given && !view && !available) return null

  return (
    <TripSection title={t(reviewTexts.heading)} headingId={headingId}>
      {given ? (
        <ReviewView review={given} scale={scale} />
      ) : view?.kind === 'pending' ? (
        <div className="flex flex-col items-start gap-3">
          <Chip tone="neutral" icon={<HourglassIcon />}>
            {t(reviewTexts.pending)}
          </Chip>
          <ReviewView review={view.command.payload} scale={scale} />
        </div>
      ) : null}
      {view?.kind === 'rejected' ? (
        <Alert severity="error" live title={t(reviewTexts.saveFailed)}>
          <p>{t(commandErrorMessage(view.error))}</p>
          <Button
            variant="secondary"
            className="mt-3"
            onClick={() => void dismissCommand(sessions, view.command.id)}
          >
            <Trans id="trips.dismiss">Dismiss</Trans>
          </Button>
        </Alert>
      ) : null}
      {available && view?.kind !== 'pending' ? (
        <Button className="mt-3" onClick={() => send({ type: 'review.open' })}>
          <StarIcon filled={false} />
          {t(reviewTexts.open)}
        </Button>
      ) : null}
      <ReviewDialog
        open={formOpen}
        busy={snapshot.matches({ form: 'queueing' })}
        context={snapshot.context}
        fieldIds={fieldIds}
        onClose={() => send({ type: 'review.close' })}
        onStars={(field, value) =>
          send({ type: field === 'driverStars' ? 'stars.driver' : 'stars.experience', value })
        }
        onComment={(value) => send({ type: 'comment.change', value })}
        onSave={() => send({ type: 'review.save' })}
        onCloseAutoFocus={(event) => {
          // Saved: the button that opened the form gives way to the pending review; focus its heading, which
          // says nothing of the review, and then say what became of it.
          if (!snapshot.matches({ form: 'queued' })) return
          event.preventDefault()
          document.getElementById(headingId)?.focus()
          announce(t(reviewTexts.pending))
        }}
      />
    </TripSection>
  )
}

/** A review read-only: both ratings and the comment. */
function ReviewView({
  review,
  scale,
}: {
  review: Pick<Review, 'driverStars' | 'experienceStars' | 'comment'>
  scale: number
}) {
  const { t } = useLingui()
  return (
    <DetailList>
      <dt className="font-semibold">{t(reviewTexts.driverStars)}</dt>
      <dd>
        <StarValue value={review.driverStars} scale={scale} />
      </dd>
      <dt className="font-semibold">{t(reviewTexts.experienceStars)}</dt>
      <dd>
        <StarValue value={review.experienceStars} scale={scale} />
      </dd>
      <dt className="font-semibold">{t(reviewTexts.comment)}</dt>
      <dd className="break-words whitespace-pre-line">{review.comment}</dd>
    </DetailList>
  )
}
