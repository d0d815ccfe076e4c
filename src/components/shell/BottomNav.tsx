import { Plural, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import type { ReactNode } from 'react'
import type { BottomNavItemId } from '../../../tenants'
import { useMessageSummary } from '../../app/data'
import { useEnvironment } from '../../app/environment'
import { CalendarIcon, CancelIcon, CarIcon, MessageIcon, UsersIcon } from '../ui/icons'
import { bottomNavItems } from './menuItems'

const icons: Record<BottomNavItemId, ReactNode> = {
  booking: <CarIcon />,
  passengers: <UsersIcon />,
  trips: <CalendarIcon />,
  canceltrips: <CancelIcon />,
  messages: <MessageIcon />,
}

/** Shortcuts to the main screens at the bottom of the page; messages appear once there are some. */
export function BottomNav() {
  const { t } = useLingui()
  const { tenant } = useEnvironment()
  const { total, unseen } = useMessageSummary()
  const items = bottomNavItems(tenant, total)
  return (
    <nav
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
    </nav>
  )
}
