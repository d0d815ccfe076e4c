import { Plural, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useState, type ReactNode } from 'react'
import type { BottomNavItemId } from '../../../tenants'
import { useMessageSummary } from '../../app/data/data'
import { useEnvironment } from '../../app/environment'
import { CancelIcon, UsersIcon } from '../ui/icons'
import { CalendarIcon, CarIcon, MessageIcon } from '../ui/featureIcons'
import { bottomNavItems } from './menuItems'

const icons: Record<BottomNavItemId, ReactNode> = {
  booking: <CarIcon />,
  passengers: <UsersIcon />,
  trips: <CalendarIcon />,
  canceltrips: <CancelIcon />,
  messages: <MessageIcon />,
}

/**
 * The unseen count to say, when it has just risen: a message arrived while the portal was open. 0 otherwise, and
 * for the count first read from the device, which is no news.
 */
function useArrivals(unseen: number | undefined): number {
  const [last, setLast] = useState({ unseen, told: 0 })
  if (unseen !== last.unseen) {
    const risen = last.unseen !== undefined && unseen !== undefined && unseen > last.unseen
    setLast({ unseen, told: risen ? unseen : 0 })
  }
  return last.told
}

/** Shortcuts to the main screens at the bottom of the page. */
export function BottomNav() {
  const { t } = useLingui()
  const { tenant } = useEnvironment()
  const summary = useMessageSummary()
  const unseen = summary?.unseen ?? 0
  const risenTo = useArrivals(summary?.unseen)
  const items = bottomNavItems(tenant)
  return (
    <nav
      aria-label={t({ id: 'shell.bottom_navigation', message: 'Shortcuts' })}
      className="pointer-events-auto border-t border-muted/30 bg-surface text-text shadow-[0_-2px_8px_rgba(0,0,0,0.08)]"
    >
      <ul className="mx-auto flex max-w-3xl">
        {items.map((item) => (
          // Each item as wide as its label, and the room left shared equally: a long label (Passengers at
          // 200 % text) takes what the short ones do not need, rather than breaking inside a quarter.
          <li key={item.id} className="min-w-0 flex-auto">
            <Link
              to={item.to}
              className={
                'group flex min-h-14 flex-col items-center justify-center gap-0.5 px-0.5 py-1 text-center text-xs ' +
                'no-underline'
              }
            >
              <span className="relative rounded-full px-[min(1rem,4vw)] py-0.5 group-aria-[current=page]:bg-accent group-aria-[current=page]:text-on-accent">
                {icons[item.id]}
                {item.id === 'messages' && unseen > 0 ? (
                  <span
                    aria-hidden="true"
                    className="absolute -top-1.5 right-0 min-w-5 rounded-full bg-[#b3261e] px-1 text-center text-xs leading-5 font-bold text-white"
                  >
                    {unseen > 99 ? '99+' : unseen}
                  </span>
                ) : null}
              </span>
              {/* Not bolder when current (the pill says it): a bold word is an eighth wider, and at 200 % text
                  "Matkat" then broke inside itself. */}
              <span className="whole-words max-w-full">{t(item.title)}</span>
              {item.id === 'messages' && unseen > 0 ? (
                <span className="sr-only">
                  <Plural id="shell.unseen_messages" value={unseen} one="# unseen" other="# unseen" />
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
      {/* A message from the operator shows only as the badge: this says it, in a region here before it came. */}
      <p role="status" className="sr-only">
        {risenTo > 0 ? (
          <Plural
            id="shell.messages_arrived"
            value={risenTo}
            one="New message. # unseen message"
            other="New messages. # unseen messages"
          />
        ) : null}
      </p>
    </nav>
  )
}
