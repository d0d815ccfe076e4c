import { Trans } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useState } from 'react'
import type { ResendOutcome } from '../../../machines/forms/emailConfirmation.machine'
import { useActions } from '../../app/data/actions'
import { emailConfirmationWithEffects } from '../../app/effects/emailConfirmationCalls'
import type { User } from '../../contract'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { Spinner } from '../ui/Spinner'

function ResendResult({ outcome }: { outcome: ResendOutcome }) {
  switch (outcome) {
    case 'sent':
      return <Trans id="personal_info.email_resent">A new confirmation link was sent to the address.</Trans>
    case 'limited':
      return (
        <Trans id="personal_info.email_resend_limited">
          A link was sent a moment ago. Check the mail, or try again in a minute.
        </Trans>
      )
    case 'offline':
      return (
        <Trans id="error.offline_save">
          Network connection not available. Try again when you are online.
        </Trans>
      )
    case 'failed':
      return (
        <Trans id="personal_info.email_resend_failed">The link could not be sent. Try again later.</Trans>
      )
  }
}

/** "Send the link again" and what it came to, said politely (a status, never an alert). */
function ResendLink() {
  const { resendEmailConfirmation } = useActions()
  const [machine] = useState(() => emailConfirmationWithEffects(resendEmailConfirmation))
  const [snapshot, send] = useMachine(machine)
  const sending = snapshot.matches('sending')
  const { outcome } = snapshot.context
  return (
    <>
      <Button
        variant="secondary"
        disabled={sending}
        aria-disabled={sending}
        onClick={() => send({ type: 'resend' })}
      >
        {sending ? <Spinner size={20} /> : null}
        <Trans id="personal_info.email_resend">Send the link again</Trans>
      </Button>
      {outcome ? (
        <Alert severity={outcome === 'sent' ? 'success' : 'warning'} live className="w-full">
          <ResendResult outcome={outcome} />
        </Alert>
      ) : null}
    </>
  )
}

/**
 * Whether mail reaches the user's address (docs/auth.md, "The account's email"): not confirmed yet (with the
 * link sent again on request), confirmed, or refused by the mail server. Nothing when the portal sends no mail.
 */
export function EmailStatus({ account }: { account: User }) {
  if (!account.mailEnabled) return null
  switch (account.emailStatus) {
    case 'unverified':
      return (
        <div className="flex w-full flex-col items-start gap-3">
          {/* As wide as the row, not as its longest word: at 200 % text a compound breaks inside it. */}
          <p className="self-stretch">
            <Trans id="personal_info.email_unverified">
              Not confirmed yet. No other mail is sent to the address until it is confirmed with the link of a
              confirmation mail.
            </Trans>
          </p>
          <ResendLink />
        </div>
      )
    case 'verified':
      return (
        <p className="w-full">
          <Trans id="personal_info.email_verified">Confirmed</Trans>
        </p>
      )
    case 'undeliverable':
      return (
        <Alert severity="warning" className="w-full">
          <Trans id="personal_info.email_undeliverable">
            The mail server refused this address, so no mail is sent to it. Check the address or change it.
          </Trans>
        </Alert>
      )
    default:
      return null
  }
}
