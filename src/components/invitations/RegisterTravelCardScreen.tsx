import { Trans, useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { useActions } from '../../app/data/actions'
import { travelCardWithEffects } from '../../app/effects/travelCardCalls'
import { usePlatform } from '../../app/platform'
import type { Invitation } from '../../contract/invitations'
import { canRegisterCard } from '../../domain/invitations'
import { screenTitles } from '../screenTitles'
import { Alert } from '../ui/Alert'
import { Button, buttonClasses } from '../ui/Button'
import { Page } from '../ui/Page'
import { Spinner } from '../ui/Spinner'
import { TextField } from '../ui/TextField'
import { InvitedPassengers } from './InvitedPassengers'
import { invitationRefusalTexts } from './invitationTexts'

/**
 * /register-travel-card (spec sections 2, 4, 6 and 8), run by machines/travelCard/registerTravelCard.machine.ts: the
 * card's holder and number, then the invitation it gives, added to the current account, to a new one, or
 * (anonymous) accepted through the sign-in.
 */
export function RegisterTravelCardScreen({ signedIn }: { signedIn: boolean }) {
  const { t } = useLingui()
  const platform = usePlatform()
  const actions = useActions()
  const navigate = useNavigate()
  const [machine] = useState(() =>
    travelCardWithEffects(platform, actions, () => void navigate({ to: '/passengers' })),
  )
  const [snapshot, send] = useMachine(machine, { input: { signedIn } })
  const { form, invitation } = snapshot.context
  return (
    <Page title={t(screenTitles.registerTravelCard)}>
      {snapshot.matches('success') && invitation ? (
        <Registered
          invitation={invitation}
          signedIn={signedIn}
          adding={snapshot.matches({ success: 'adding' })}
          failure={
            snapshot.context.acceptFailure ? t(invitationRefusalTexts[snapshot.context.acceptFailure]) : null
          }
          send={send}
        />
      ) : (
        <form
          noValidate
          className="flex max-w-md flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault()
            send({ type: 'send' })
          }}
        >
          <p>
            <Trans id="travel_card.intro">
              Enter the name of the card holder and the number of the travel card. The registration gives you
              an invitation to add the passenger to your account.
            </Trans>
          </p>
          <TextField
            label={t({ id: 'travel_card.name', message: 'Name' })}
            autoComplete="name"
            required
            value={form.name}
            onChange={(event) => send({ type: 'field.change', field: 'name', value: event.target.value })}
          />
          <TextField
            label={t({ id: 'travel_card.card_number', message: 'Travel card number' })}
            autoComplete="off"
            spellCheck={false}
            required
            value={form.cardNumber}
            onChange={(event) =>
              send({ type: 'field.change', field: 'cardNumber', value: event.target.value })
            }
          />
          {snapshot.matches('notFound') ? (
            <Alert severity="error" live>
              <Trans id="travel_card.not_found">Registration failed, check name and travelcard number.</Trans>
            </Alert>
          ) : snapshot.matches('failed') ? (
            <Alert severity="error" live>
              <Trans id="travel_card.failed">Registration failed</Trans>
            </Alert>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Link to="/" className={buttonClasses('secondary')}>
              <Trans id="common.back">Back</Trans>
            </Link>
            <Button type="submit" disabled={!canRegisterCard(form) || snapshot.matches('loading')}>
              {snapshot.matches('loading') ? <Spinner size={20} /> : null}
              <Trans id="travel_card.send">Send</Trans>
            </Button>
          </div>
        </form>
      )}
    </Page>
  )
}

interface RegisteredProps {
  invitation: Invitation
  signedIn: boolean
  adding: boolean
  failure: string | null
  send(event: { type: 'addToCurrent' | 'createNew' | 'continue' }): void
}

/**
 * The invitation the card gave, and what to do with it; it takes the focus the form's Send button had, which
 * reads it, so it is not announced as well.
 */
function Registered({ invitation, signedIn, adding, failure, send }: RegisteredProps) {
  const notice = useRef<HTMLDivElement>(null)
  useEffect(() => notice.current?.focus(), [])
  return (
    <div className="flex flex-col gap-6">
      <div ref={notice} tabIndex={-1} className="outline-none">
        <Alert severity="success" title={<Trans id="travel_card.success_title">Invitation received</Trans>}>
          <Trans id="travel_card.success">
            The travel card is registered. Its passenger is added to the account that accepts the invitation.
          </Trans>
        </Alert>
      </div>
      <InvitedPassengers invitation={invitation} />
      {failure ? (
        <Alert severity="error" live>
          {failure}
        </Alert>
      ) : null}
      {signedIn ? (
        <div className="flex flex-col items-start gap-3">
          <p>
            <Trans id="travel_card.signed_in_choice">
              Add the passenger to your current account, or create a new user with strong authentication.
            </Trans>
          </p>
          <div className="flex flex-wrap gap-3">
            <Button onClick={() => send({ type: 'addToCurrent' })} disabled={adding}>
              {adding ? <Spinner size={20} /> : null}
              <Trans id="travel_card.add_to_current">Add to current</Trans>
            </Button>
            <Button variant="secondary" onClick={() => send({ type: 'createNew' })} disabled={adding}>
              <Trans id="travel_card.create_new">Create new</Trans>
            </Button>
          </div>
        </div>
      ) : (
        <div className="flex flex-col items-start gap-3">
          <p>
            <Trans id="travel_card.continue_hint">
              Continue to log in, or to create an account with strong authentication, and accept the
              invitation.
            </Trans>
          </p>
          <Button onClick={() => send({ type: 'continue' })}>
            <Trans id="travel_card.continue">Continue</Trans>
          </Button>
        </div>
      )}
    </div>
  )
}
