import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, type FormEvent } from 'react'
import type { MessagesEvent } from '../../../machines/messages/messages.machine'
import type { Passenger } from '../../contract'
import type { SendProblem } from '../../domain/messages/rules'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { inputClasses } from '../ui/classes'
import { Field } from '../ui/Field'
import { TextArea } from '../ui/TextArea'
import { sendProblemTexts } from './messageTexts'

export interface SendMessageFormProps {
  passengers: readonly Passenger[]
  content: string
  chosen: string | null
  problems: readonly SendProblem[]
  queueing: boolean
  failed: boolean
  /** Changes each time the form should take the focus (a send, a refused submit). */
  focusKey: number
  send(event: MessagesEvent): void
}

/** The send form (spec section 5): the text is required, and a passenger when the user has several. */
export function SendMessageForm(props: SendMessageFormProps) {
  const { t } = useLingui()
  const { passengers, problems, send } = props
  const text = useRef<HTMLTextAreaElement>(null)
  const select = useRef<HTMLSelectElement>(null)
  const errors = (problem: SendProblem) => (problems.includes(problem) ? t(sendProblemTexts[problem]) : null)
  const contentError = errors('contentRequired') ?? errors('contentTooLong')
  const passengerError = errors('passengerRequired')

  useEffect(() => {
    if (props.focusKey === 0) return
    if (passengerError && !contentError) select.current?.focus()
    else text.current?.focus()
    // Only a new focus request moves the focus, not the problems changing while the user types.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.focusKey])

  const submit = (event: FormEvent) => {
    event.preventDefault()
    send({ type: 'submit' })
  }

  return (
    <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3">
      {passengers.length > 1 ? (
        <Field label={t({ id: 'messages.passenger', message: 'Passenger' })} required error={passengerError}>
          {(control) => (
            <select
              {...control}
              ref={select}
              className={inputClasses(Boolean(control['aria-invalid']))}
              value={props.chosen ?? ''}
              onChange={(event) => send({ type: 'passenger.change', id: event.target.value || null })}
            >
              <option value="">
                {t({ id: 'messages.choose_passenger', message: 'Choose a passenger' })}
              </option>
              {passengers.map((passenger) => (
                <option key={passenger.id} value={passenger.id}>
                  {passenger.name}
                </option>
              ))}
            </select>
          )}
        </Field>
      ) : null}
      <TextArea
        ref={text}
        label={t({ id: 'messages.new_message', message: 'New message' })}
        required
        rows={3}
        value={props.content}
        error={contentError}
        onChange={(event) => send({ type: 'content.change', content: event.target.value })}
      />
      {props.failed ? (
        <Alert severity="error" live>
          <Trans id="messages.store_failed">The message could not be saved on this device. Try again.</Trans>
        </Alert>
      ) : null}
      <div>
        <Button type="submit" disabled={props.queueing}>
          <Trans id="messages.send">Send</Trans>
        </Button>
      </div>
    </form>
  )
}
