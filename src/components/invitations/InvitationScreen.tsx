import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useActions } from '../../app/data/actions'
import { invitationWithEffects } from '../../app/effects/invitationCalls'
import { usePlatform } from '../../app/platform'
import type { Invitation } from '../../contract/invitations'
import { screenTitles } from '../screenTitles'
import { Alert } from '../ui/Alert'
import { Button, buttonClasses } from '../ui/Button'
import { Page } from '../ui/Page'
import { LoadingBlock, Spinner } from '../ui/Spinner'
import { InvitedPassengers } from './InvitedPassengers'
import { invitationRefusalTexts } from './invitationTexts'

/**
 * /invitation/{code} (spec sections 2, 4 and 8), run by machines/invitation/invitation.machine.ts: the invitation's
 * passengers, accepted here by a signed-in user; anyone else signs in first, and the sign-in accepts it.
 */
export function InvitationScreen({ code, signedIn }: { code: string; signedIn: boolean }) {
  const { t } = useLingui()
  const platform = usePlatform()
  const actions = useActions()
  const [machine] = useState(() => invitationWithEffects(platform, actions))
  const [snapshot, send] = useMachine(machine, { input: { code, signedIn } })
  const { invitation, acceptFailure, acceptedHere } = snapshot.context
  const retry = () => send({ type: 'retry' })
  return (
    <Page title={t(screenTitles.invitation)}>
      {snapshot.matches('loading') ? (
        <LoadingBlock />
      ) : snapshot.matches('notFound') ? (
        <Refusal text={t(invitationRefusalTexts.not_found)} signedIn={signedIn} />
      ) : snapshot.matches('tooManyRequests') ? (
        <Refusal text={t(invitationRefusalTexts.busy)} signedIn={signedIn} retry={retry} />
      ) : snapshot.matches('failed') || !invitation ? (
        <Refusal text={t(invitationRefusalTexts.failed)} signedIn={signedIn} retry={retry} />
      ) : (
        <InvitationView
          invitation={invitation}
          signedIn={signedIn}
          busy={!snapshot.matches('shown')}
          accepting={snapshot.matches('accepting')}
          acceptedHere={acceptedHere}
          failure={acceptFailure ? t(invitationRefusalTexts[acceptFailure]) : null}
          accept={() => send({ type: 'accept' })}
          acceptAsOther={() => send({ type: 'acceptAsOther' })}
        />
      )}
    </Page>
  )
}

function PassengersLink() {
  return (
    <Link to="/passengers" className={buttonClasses('secondary')}>
      <Trans id="invitation.to_passengers">Go to passengers</Trans>
    </Link>
  )
}

/** Why no invitation shows; a busy server or a failure can be tried again. */
function Refusal({ text, signedIn, retry }: { text: string; signedIn: boolean; retry?: () => void }) {
  return (
    <div className="flex flex-col items-start gap-4">
      <Alert severity={retry ? 'warning' : 'error'} live className="w-full">
        {text}
      </Alert>
      <div className="flex flex-wrap gap-3">
        {retry ? (
          <Button variant="secondary" onClick={retry}>
            <Trans id="invitation.try_again">Try again</Trans>
          </Button>
        ) : null}
        {signedIn ? <PassengersLink /> : null}
      </div>
    </div>
  )
}

interface InvitationViewProps {
  invitation: Invitation
  signedIn: boolean
  /** Accepting, or on the way to the sign-in. */
  busy: boolean
  accepting: boolean
  acceptedHere: boolean
  failure: string | null
  accept(): void
  acceptAsOther(): void
}

function InvitationView(props: InvitationViewProps) {
  const { invitation, signedIn } = props
  return (
    <div className="flex flex-col gap-6">
      {invitation.acceptedByUser ? (
        <AcceptedNotice focus={props.acceptedHere} />
      ) : (
        <p>
          <Trans id="invitation.intro">
            You have been invited to see and manage the trips of these passengers.
          </Trans>
        </p>
      )}
      <InvitedPassengers invitation={invitation} />
      {invitation.acceptedByUser ? null : signedIn ? (
        <SignedInChoices {...props} />
      ) : (
        <SignInChoice {...props} />
      )}
      {props.failure ? (
        <Alert severity="error" live>
          {props.failure}
        </Alert>
      ) : null}
      {signedIn ? (
        <div>
          <PassengersLink />
        </div>
      ) : null}
    </div>
  )
}

/**
 * Said once the invitation is this user's; accepted just now, it takes the focus the accept button had, which
 * reads it. It is not announced: opened already accepted, it is the page's content, not news.
 */
function AcceptedNotice({ focus }: { focus: boolean }) {
  const notice = useRef<HTMLDivElement>(null)
  useEffect(() => {
    if (focus) notice.current?.focus()
  }, [focus])
  return (
    <div ref={notice} tabIndex={-1} className="outline-none">
      <Alert severity="success">
        <Trans id="invitation.accepted">
          You have accepted the invitation. Its passengers are now on your passengers page.
        </Trans>
      </Alert>
    </div>
  )
}

function SignedInChoices({ busy, accepting, accept, acceptAsOther }: InvitationViewProps) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button onClick={accept} disabled={busy}>
        {accepting ? <Spinner size={20} /> : null}
        <Trans id="invitation.accept">Accept invitation</Trans>
      </Button>
      <Button variant="secondary" onClick={acceptAsOther} disabled={busy}>
        <Trans id="invitation.accept_as_other">Accept with another account</Trans>
      </Button>
    </div>
  )
}

function SignInChoice({ busy, accept }: InvitationViewProps) {
  return (
    <div className="flex flex-col items-start gap-3">
      <p>
        <Trans id="invitation.sign_in_to_accept">
          Log in to accept the invitation. If you have no account yet, identifying yourself with strong
          authentication creates one.
        </Trans>
      </p>
      <Button onClick={accept} disabled={busy}>
        <Trans id="invitation.log_in_and_accept">Log in and accept</Trans>
      </Button>
    </div>
  )
}
