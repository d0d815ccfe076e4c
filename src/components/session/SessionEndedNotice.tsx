import { Plural, Trans } from '@lingui/react/macro'
import { useKeptWork } from '../../app/session/sessionEnded'
import { Alert } from '../ui/Alert'

/**
 * Says on the home screen that the session ended by itself, and what this device keeps of the user's work until
 * they sign in again (src/db/forget.ts), read as it loads: their drafts and the changes not yet sent. Signing in returns to the
 * page they were on, where a draft continues.
 */
export function SessionEndedNotice() {
  const kept = useKeptWork()
  const booking = kept?.drafts.includes('booking')
  const cancelling = kept?.drafts.includes('canceltrips')
  const waiting = kept?.waiting ?? 0
  return (
    <Alert severity="info" live title={<Trans id="session.ended_title">Your session has ended</Trans>}>
      <p>
        <Trans id="session.ended_text">Log in again to continue where you were.</Trans>
      </p>
      {booking || cancelling || waiting > 0 ? (
        <>
          <p className="mt-2">
            <Trans id="session.ended_kept">Kept on this device for you until then:</Trans>
          </p>
          <ul className="mt-1 list-disc ps-6">
            {booking ? (
              <li>
                <Trans id="session.kept_booking">the booking you had started</Trans>
              </li>
            ) : null}
            {cancelling ? (
              <li>
                <Trans id="session.kept_cancel_trips">the cancellation of trips you had started</Trans>
              </li>
            ) : null}
            {waiting > 0 ? (
              <li>
                <Plural
                  id="session.kept_waiting"
                  value={waiting}
                  one="# change waiting to be sent"
                  other="# changes waiting to be sent"
                />
              </li>
            ) : null}
          </ul>
        </>
      ) : null}
    </Alert>
  )
}
