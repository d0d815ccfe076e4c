import { useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import type { ShareFailure, ShareOutcome } from '../../../machines/shareLink/shareLink.machine'
import { useOnline } from '../../app/browser/online'
import { usePlatform } from '../../app/platform'
import { shareLinkWithEffects, trackingUrl } from '../../app/effects/shareLinkCalls'
import type { Trip } from '../../contract/trip'
import { TripSection } from '../trips/TripSection'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { LazyConfirmDialog } from '../ui/LazyConfirmDialog'

/**
 * Sharing the trip's tracking link with a drivers' office: a button that creates the link and hands it
 * to the share sheet or the clipboard, the current link with a button to revoke it, and a polite status that
 * says what happened. Sharing needs the server: offline the button says so.
 */
export function ShareTracking({ trip }: { trip: Trip }) {
  const { t } = useLingui()
  const platform = usePlatform()
  const online = useOnline()
  const [machine] = useState(() =>
    shareLinkWithEffects(platform, t({ id: 'trips.share.title', message: 'Follow the trip' })),
  )
  const [snapshot, send] = useMachine(machine, {
    input: { request: { passengerId: trip.passenger.id, tripId: trip.id, date: trip.date } },
  })
  const { link, outcome, failure } = snapshot.context
  const busy = !snapshot.matches('idle') && !snapshot.matches('confirming')
  // A revoked link takes its button away, where the confirmation would give the focus back: the focus goes to
  // sharing a new one instead of falling to the page, where a keyboard user would start over.
  const shareButton = useRef<HTMLButtonElement>(null)
  useEffect(() => {
    if (outcome === 'revoked' && !busy) shareButton.current?.focus()
  }, [outcome, busy])
  const outcomes: Record<ShareOutcome, string> = {
    shared: t({ id: 'trips.share.shared', message: 'Tracking link shared.' }),
    copied: t({ id: 'trips.share.copied', message: 'Tracking link copied to the clipboard.' }),
    revoked: t({ id: 'trips.share.revoked', message: 'Tracking link revoked. It no longer works.' }),
  }
  const failures: Record<ShareFailure, string> = {
    create: t({
      id: 'trips.share.create_failed',
      message: 'The tracking link could not be created. Try again.',
    }),
    share: t({
      id: 'trips.share.share_failed',
      message: 'The tracking link could not be shared or copied. Try again.',
    }),
    revoke: t({
      id: 'trips.share.revoke_failed',
      message: 'The tracking link could not be revoked. Try again.',
    }),
  }
  return (
    <TripSection title={t({ id: 'trips.share.heading', message: 'Tracking link' })}>
      <div className="flex flex-col items-start gap-3">
        <p>
          {t({
            id: 'trips.share.explain',
            message: 'A tracking link shows this trip live to anyone who has it, with no login.',
          })}
        </p>
        {link ? (
          <p className="max-w-full break-all">
            <a className="link" href={trackingUrl(platform, link.link)}>
              {trackingUrl(platform, link.link)}
            </a>
          </p>
        ) : null}
        <div className="flex flex-wrap gap-3">
          <Button ref={shareButton} disabled={!online || busy} onClick={() => send({ type: 'share' })}>
            {online
              ? t({ id: 'trips.share.button', message: 'Share tracking link' })
              : t({ id: 'trips.share.offline', message: 'Sharing needs a connection' })}
          </Button>
          {link ? (
            <Button variant="secondary" disabled={!online || busy} onClick={() => send({ type: 'revoke' })}>
              {t({ id: 'trips.share.revoke', message: 'Revoke link' })}
            </Button>
          ) : null}
        </div>
        <p role="status" className={outcome ? '' : 'sr-only'}>
          {outcome ? outcomes[outcome] : null}
        </p>
        {failure ? (
          <Alert severity="error" live className="w-full">
            {failures[failure]}
          </Alert>
        ) : null}
      </div>
      <LazyConfirmDialog
        open={snapshot.matches('confirming')}
        onOpenChange={(open) => {
          // Open only from "Try again" once the dialog's code has loaded after failing: the question again.
          if (open) send({ type: 'revoke' })
          else if (snapshot.matches('confirming')) send({ type: 'revoke.cancel' })
        }}
        title={t({ id: 'trips.share.revoke_title', message: 'Revoke the tracking link?' })}
        description={t({
          id: 'trips.share.revoke_description',
          message: 'Whoever has the link can no longer follow the trip. You can share a new link later.',
        })}
        cancelLabel={t({ id: 'common.cancel', message: 'Cancel' })}
        confirmLabel={t({ id: 'trips.share.revoke', message: 'Revoke link' })}
        onConfirm={() => send({ type: 'revoke.confirm' })}
      />
    </TripSection>
  )
}
