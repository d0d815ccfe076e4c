import { Trans, useLingui } from '@lingui/react/macro'
import { useCallback, useEffect, useLayoutEffect, useRef } from 'react'
import type { MessagesEvent } from '../../../machines/messages/messages.machine'
import type { ThreadEntry } from '../../commands/messageThread'
import { Button } from '../ui/Button'
import { MessageItem } from './MessageItem'
import { useScrollAnchor } from './useScrollAnchor'
import { useSeenObserver } from './useSeenObserver'

export type OlderState = 'idle' | 'loading' | 'unavailable'

export interface MessageThreadProps {
  entries: readonly ThreadEntry[]
  hasOlder: boolean
  older: OlderState
  passengerNames: ReadonlyMap<string, string>
  send(event: MessagesEvent): void
}

function overlaps(element: Element, box: Element): boolean {
  const inner = element.getBoundingClientRect()
  const outer = box.getBoundingClientRect()
  return inner.bottom > outer.top && inner.top < outer.bottom
}

function keyOf(entry: ThreadEntry): string {
  return entry.kind === 'message' ? entry.message.id : entry.command.id
}

/**
 * The thread in a scrolling box, the newest at the bottom (spec section 2). Reaching the top (scrolled to, or
 * the button there) loads the page before; the box keeps its place meanwhile (useScrollAnchor). Another's
 * unseen message that stays half on screen for 4 s is marked seen (the machine's timer).
 */
export function MessageThread({ entries, hasOlder, older, passengerNames, send }: MessageThreadProps) {
  const { t } = useLingui()
  const box = useRef<HTMLDivElement>(null)
  const top = useRef<HTMLDivElement>(null)
  const first = entries[0] ? keyOf(entries[0]) : undefined
  const last = entries.at(-1) ? keyOf(entries.at(-1)!) : undefined
  const measure = useScrollAnchor(box, first, last)
  const observeSeen = useSeenObserver((id, visible) =>
    send({ type: visible ? 'message.shown' : 'message.hidden', id }),
  )

  // The first message when the top last asked for a page: it asks again only once that page is in the thread.
  const askedAt = useRef<string | undefined>(undefined)
  const firstNow = useRef(first)
  useLayoutEffect(() => {
    firstNow.current = first
  })
  const reachTop = useCallback(() => {
    askedAt.current = firstNow.current
    send({ type: 'top.reached' })
  }, [send])

  // The top of the thread scrolled into view: load the page before it.
  useEffect(() => {
    const element = top.current
    if (!element) return
    const observer = new IntersectionObserver(([entry]) => {
      if (entry?.isIntersecting) reachTop()
    })
    observer.observe(element)
    return () => observer.disconnect()
  }, [reachTop])
  // After a page has come in, again while the top is still in view (a short page). Measured now, after the
  // anchoring moved the box: the observer's last word may predate it. The load settles before the live query
  // brings its page, so a page not yet in the thread does not count.
  useEffect(() => {
    const inView = top.current && box.current && overlaps(top.current, box.current)
    if (older === 'idle' && hasOlder && first !== askedAt.current && inView) reachTop()
  }, [first, older, hasOlder, reachTop])

  return (
    <div
      ref={box}
      onScroll={measure}
      // A scrolling box is reached by keyboard to scroll it (WCAG 2.1.1), even with nothing focusable inside.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
      role="region"
      aria-label={t({ id: 'messages.thread', message: 'Message thread' })}
      className="max-h-[60dvh] min-h-48 overflow-y-auto rounded-lg border border-muted/40 p-2 [overflow-anchor:none]"
    >
      <div ref={top} className="flex min-h-6 justify-center pb-2">
        {older === 'loading' ? (
          <p role="status">
            <Trans id="messages.loading_older">Loading older messages…</Trans>
          </p>
        ) : hasOlder ? (
          <Button variant="ghost" onClick={reachTop}>
            {older === 'unavailable' ? (
              <Trans id="messages.older_unavailable">Older messages could not be loaded. Try again</Trans>
            ) : (
              <Trans id="messages.load_older">Show older messages</Trans>
            )}
          </Button>
        ) : null}
      </div>
      {entries.length === 0 ? (
        <p className="p-2 text-muted">
          <Trans id="messages.none">No messages yet.</Trans>
        </p>
      ) : (
        <ol
          aria-label={t({ id: 'messages.list', message: 'Messages, the newest last' })}
          className="flex flex-col gap-3"
        >
          {entries.map((entry) => {
            const key = keyOf(entry)
            const watch = entry.kind === 'message' && !entry.seen
            return (
              <li key={key}>
                <MessageItem
                  entry={entry}
                  passengerNames={passengerNames}
                  {...(watch ? { seenRef: observeSeen(key) } : {})}
                  onConfirm={(id) => send({ type: 'message.confirm', id })}
                />
              </li>
            )
          })}
        </ol>
      )}
    </div>
  )
}
