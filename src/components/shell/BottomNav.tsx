import { Plural, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useRef, useState, type ReactNode } from 'react'
import type { BottomNavItemId } from '../../../tenants'
import { useMessageSummary } from '../../app/data/data'
import { useEnvironment } from '../../app/environment'
import { CancelIcon, UsersIcon } from '../ui/icons'
import { CalendarIcon, CarIcon, MessageIcon } from '../ui/featureIcons'
import { useCoversBottom } from './coveredBottom'
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

/** Shortcuts to the main screens at the bottom of the page; messages appear once there are some. */
export function BottomNav() {
  const { t } = useLingui()
  const { tenant } = useEnvironment()
  const summary = useMessageSummary()
  const { total, unseen } = summary ?? { total: 0, unseen: 0 }
  const risenTo = useArrivals(summary?.unseen)
  const items = bottomNavItems(tenant, total)
  const ref = useRef<HTMLElement>(null)
  useCoversBottom(ref)
  return (
    <nav
      ref={ref}
      aria-label={t({ id: 'shell.bottom_navigation', message: 'Shortcuts' })}
      className="fixed inset-x-0 bottom-0 z-30 border-t border-muted/30 bg-surface text-text shadow-[0_-2px_8px_rgba(0,0,0,0.08)]"
    >
      <ul className="mx-auto flex max-w-3xl">
        {items.map((item) => (
          <li key={item.id} className="min-w-0 flex-1">
            <Link
              to={item.to}
              className={
                'group flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 py-1 text-center text-xs ' +
                'no-underline aria-[current=page]:font-bold'
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
              <span className="max-w-full">{t(item.title)}</span>
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
