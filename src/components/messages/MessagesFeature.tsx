import { Plural } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useEffect, useMemo, useState } from 'react'
import { usePassengers } from '../../app/data/data'
import { useThread } from '../../app/data/messages'
import { messagesWithEffects } from '../../app/effects/messagesCalls'
import { usePlatform } from '../../app/platform'
import { messagePassenger } from '../../domain/messages/rules'
import { Spinner } from '../ui/Spinner'
import { MessageThread } from './MessageThread'
import { SendMessageForm } from './SendMessageForm'

/** The messages screen's body: the thread over the send form, run by the messages machine. */
export function MessagesFeature() {
  const { sessions } = usePlatform()
  const thread = useThread()
  const passengers = usePassengers()
  const [focusKey, setFocusKey] = useState(0)
  const [machine] = useState(() => messagesWithEffects(sessions, () => setFocusKey((key) => key + 1)))
  const [snapshot, send] = useMachine(machine)

  const passengerIds = useMemo(() => (passengers ?? []).map((passenger) => passenger.id), [passengers])
  useEffect(() => send({ type: 'passengers', ids: passengerIds }), [passengerIds, send])
  const hasOlder = thread?.hasOlder ?? false
  useEffect(() => send({ type: 'paging', hasOlder }), [hasOlder, send])

  const passengerNames = useMemo(
    () => new Map((passengers ?? []).map((passenger) => [passenger.id, passenger.name])),
    [passengers],
  )
  if (!thread || !passengers) return <Spinner />
  const { context } = snapshot
  const older = snapshot.matches({ older: 'loading' })
    ? 'loading'
    : snapshot.matches({ older: 'unavailable' })
      ? 'unavailable'
      : 'idle'
  // The pending state is announced politely: how many messages written here wait for a connection.
  const pending = thread.entries.filter(
    (entry) => entry.kind === 'outgoing' && entry.state === 'pending',
  ).length
  return (
    <>
      <MessageThread
        entries={thread.entries}
        hasOlder={hasOlder}
        older={older}
        passengerNames={passengerNames}
        send={send}
      />
      <p role="status" className="mt-2 min-h-6 text-sm">
        {pending > 0 ? (
          <Plural
            id="messages.pending_status"
            value={pending}
            one="# message is waiting to be sent. It is sent as soon as there is a connection."
            other="# messages are waiting to be sent. They are sent as soon as there is a connection."
          />
        ) : null}
      </p>
      <SendMessageForm
        passengers={passengers}
        content={context.content}
        chosen={messagePassenger(context.passengerIds, context.chosen)}
        problems={context.problems}
        queueing={snapshot.matches({ form: 'queueing' })}
        failed={snapshot.matches({ form: 'failed' })}
        focusKey={focusKey}
        send={send}
      />
    </>
  )
}
