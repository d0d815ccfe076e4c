import { Trans, useLingui } from '@lingui/react/macro'
import type { Ref } from 'react'
import { dismissCommand } from '../../app/data/commands'
import { useEnvironment } from '../../app/environment'
import { usePlatform } from '../../app/platform'
import type { ThreadEntry } from '../../commands/messageThread'
import { sendMessageCommand } from '../../commands/messages'
import { commandErrorMessage } from '../../commands/rejections'
import type { Message } from '../../contract/messages'
import { clockTime, instantDate } from '../../domain/dateDisplay'
import { confirmable } from '../../domain/messages/rules'
import { Button } from '../ui/Button'
import { Chip } from '../ui/Chip'
import { othersBubble, ownBubble } from './messageClasses'

function When({ at }: { at: string }) {
  const { timeZone } = useEnvironment()
  return (
    <time dateTime={at} className="text-sm text-muted">
      {instantDate(at, timeZone)} {clockTime(at, timeZone)}
    </time>
  )
}

function Header(props: { from: string; about: string | undefined; at: string | null }) {
  const passenger = props.about
  return (
    <span className="flex flex-wrap items-baseline gap-x-2">
      <span className="font-semibold">{props.from}</span>
      {passenger ? (
        <span className="text-sm text-muted">
          <Trans id="messages.about">about {passenger}</Trans>
        </span>
      ) : null}
      {props.at ? <When at={props.at} /> : null}
    </span>
  )
}

function Confirmation({ message, confirming }: { message: Message; confirming: boolean }) {
  const { timeZone } = useEnvironment()
  const confirmation = message.confirmation
  if (!confirmation) return null
  if (confirmation.confirmedAt) {
    const by = confirmation.confirmedBy?.name ?? ''
    const date = `${instantDate(confirmation.confirmedAt, timeZone)} ${clockTime(confirmation.confirmedAt, timeZone)}`
    return (
      <Chip tone="success" wrap>
        <Trans id="messages.confirmed">
          Confirmed by {by} {date}
        </Trans>
      </Chip>
    )
  }
  if (confirming) {
    return (
      <Chip tone="info" wrap>
        <Trans id="messages.confirmation_pending">Confirmation waiting to be sent</Trans>
      </Chip>
    )
  }
  return (
    <Chip tone="warning" wrap>
      <Trans id="messages.asks_confirmation">Asks for a confirmation: select the message to confirm</Trans>
    </Chip>
  )
}

export interface MessageItemProps {
  entry: ThreadEntry
  passengerNames: ReadonlyMap<string, string>
  /** Observes an unseen message of another's for the 4 s rule. */
  seenRef?: Ref<HTMLDivElement>
  onConfirm(id: string): void
}

/** One entry of the thread: a stored message, one written here and waiting or sent, or one refused. */
export function MessageItem({ entry, passengerNames, seenRef, onConfirm }: MessageItemProps) {
  const { t } = useLingui()
  const { sessions } = usePlatform()
  if (entry.kind !== 'message') {
    const { passengerId, content } = entry.command.payload
    return (
      <div className={ownBubble}>
        <Header
          from={t({ id: 'messages.you', message: 'You' })}
          about={passengerNames.get(passengerId)}
          at={null}
        />
        <p className="mt-1 break-words whitespace-pre-wrap">{content}</p>
        <p className="mt-2">
          {entry.kind === 'refused' ? (
            <span role="alert" className="flex flex-wrap items-center gap-2">
              <Chip tone="error">{t(sendMessageCommand.rejection.title)}</Chip>
              <span>{t(commandErrorMessage(entry.error, entry.command.type))}</span>
              <Button variant="secondary" onClick={() => void dismissCommand(sessions, entry.command.id)}>
                <Trans id="trips.dismiss">Dismiss</Trans>
              </Button>
            </span>
          ) : entry.state === 'pending' ? (
            <Chip tone="neutral">
              <Trans id="messages.pending">Waiting to be sent</Trans>
            </Chip>
          ) : (
            <Chip tone="success">
              <Trans id="messages.sent">Sent</Trans>
            </Chip>
          )}
        </p>
      </div>
    )
  }
  const { message, own, seen, confirming } = entry
  const from = own ? t({ id: 'messages.you', message: 'You' }) : message.from.name
  const body = (
    <>
      <Header from={from} about={passengerNames.get(message.passengerId)} at={message.createdAt} />
      <span className="mt-1 block break-words whitespace-pre-wrap">{message.content}</span>
      {!seen || message.confirmation ? (
        <span className="mt-2 flex flex-wrap gap-2">
          {seen ? null : (
            <Chip tone="info">
              <Trans id="messages.unseen">New</Trans>
            </Chip>
          )}
          <Confirmation message={message} confirming={confirming} />
        </span>
      ) : null}
    </>
  )
  const className = own ? ownBubble : othersBubble
  if (confirmable(message, own) && !confirming) {
    return (
      <div ref={seenRef}>
        <button type="button" className={`${className} cursor-pointer`} onClick={() => onConfirm(message.id)}>
          {body}
        </button>
      </div>
    )
  }
  return (
    <div ref={seenRef} className={className}>
      {body}
    </div>
  )
}
