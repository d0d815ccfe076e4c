import { useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect, useRef, useState } from 'react'
import type {
  CalendarFeedFailure,
  CalendarFeedOutcome,
} from '../../../machines/calendarFeed/calendarFeed.machine'
import { calendarFeedWithEffects } from '../../app/effects/calendarFeedCalls'
import { useOnline } from '../../app/browser/online'
import { usePlatform } from '../../app/platform'
import { TripSection } from '../trips/TripSection'
import { Alert } from '../ui/Alert'
import { Button, buttonClasses } from '../ui/Button'
import { LazyConfirmDialog } from '../ui/LazyConfirmDialog'
import { TextField } from '../ui/TextField'

/**
 * The user's private calendar feed: none yet, a button makes one; then its address, copied or opened
 * in a calendar app (webcal://), and a new one made after a confirmation, since the old one stops working. Making
 * one needs the server: offline the buttons say so. Copying and opening need only the address.
 */
export function CalendarFeedSection() {
  const { t } = useLingui()
  const platform = usePlatform()
  const online = useOnline()
  const [machine] = useState(() => calendarFeedWithEffects(platform))
  const [snapshot, send] = useMachine(machine)
  const { feed, outcome, failure } = snapshot.context
  const ready = snapshot.matches('ready')
  const field = useRef<HTMLInputElement>(null)
  // Without a clipboard the address is selected in its field, for the device's own copy.
  useEffect(() => {
    if (failure === 'copy') field.current?.select()
  }, [failure])
  const outcomes: Record<CalendarFeedOutcome, string> = {
    made: t({ id: 'calendar_feed.made', message: 'Calendar link made.' }),
    copied: t({ id: 'calendar_feed.copied', message: 'Calendar link copied to the clipboard.' }),
    renewed: t({
      id: 'calendar_feed.renewed',
      message: 'A new calendar link was made. The old one no longer works.',
    }),
  }
  const failures: Record<CalendarFeedFailure, string> = {
    load: t({ id: 'calendar_feed.load_failed', message: 'The calendar link could not be loaded.' }),
    make: t({ id: 'calendar_feed.make_failed', message: 'The calendar link could not be made. Try again.' }),
    copy: t({
      id: 'calendar_feed.copy_failed',
      message: 'The link could not be copied. It is selected in the field: copy it from there.',
    }),
  }
  const offlineReason = online ? null : (
    <p>{t({ id: 'calendar_feed.offline', message: 'Making a calendar link needs a connection.' })}</p>
  )
  return (
    <TripSection title={t({ id: 'calendar_feed.heading', message: 'Calendar' })}>
      <div className="flex flex-col items-start gap-3">
        {/* As wide as the section, not as its longest word: at 200 % text a compound breaks inside it. */}
        <p className="self-stretch">
          {t({
            id: 'calendar_feed.explain',
            message:
              "A private link that shows your passengers' trips for the next two weeks in your calendar app. Anyone who has the link sees the trips: keep it to yourself.",
          })}
        </p>
        {feed ? (
          <>
            <TextField
              ref={field}
              className="w-full"
              label={t({ id: 'calendar_feed.address', message: 'Calendar link' })}
              value={feed.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
            />
            <div className="flex flex-wrap gap-3">
              <Button disabled={!ready} onClick={() => send({ type: 'copy' })}>
                {t({ id: 'calendar_feed.copy', message: 'Copy link' })}
              </Button>
              <a className={buttonClasses('secondary')} href={feed.webcalUrl}>
                {t({ id: 'calendar_feed.open', message: 'Open in calendar app' })}
              </a>
              <Button
                variant="secondary"
                disabled={!online || !ready}
                onClick={() => send({ type: 'renew' })}
              >
                {t({ id: 'calendar_feed.renew', message: 'Make a new link' })}
              </Button>
            </div>
          </>
        ) : snapshot.matches('unknown') ? (
          <Button disabled={!online} onClick={() => send({ type: 'reload' })}>
            {t({ id: 'calendar_feed.reload', message: 'Try again' })}
          </Button>
        ) : (
          <Button disabled={!online || !ready} onClick={() => send({ type: 'make' })}>
            {t({ id: 'calendar_feed.make', message: 'Make a calendar link' })}
          </Button>
        )}
        {offlineReason}
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
          if (open) send({ type: 'renew' })
          else if (snapshot.matches('confirming')) send({ type: 'renew.cancel' })
        }}
        title={t({ id: 'calendar_feed.renew_title', message: 'Make a new calendar link?' })}
        description={t({
          id: 'calendar_feed.renew_description',
          message:
            'The current link stops working at once: calendars that use it no longer get your trips until you add the new link to them.',
        })}
        cancelLabel={t({ id: 'common.cancel', message: 'Cancel' })}
        confirmLabel={t({ id: 'calendar_feed.renew', message: 'Make a new link' })}
        onConfirm={() => send({ type: 'renew.confirm' })}
      />
    </TripSection>
  )
}
