import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Dialog } from 'radix-ui'
import type { RefObject } from 'react'
import { useAccount } from '../../app/data/data'
import { useEnvironment } from '../../app/environment'
import { DialogHeader } from '../ui/DialogPanel'
import { overlayClasses } from '../ui/classes'
import { LanguageSelector } from './LanguageSelector'
import { drawerItems } from './menuItems'
import { ThemeToggle } from './ThemeToggle'
import { useSignedIn } from './useSignedIn'

export interface SideDrawerProps {
  open: boolean
  onOpenChange(open: boolean): void
  /** The menu button, which gets focus back when the drawer closes without a navigation. */
  returnFocusTo: RefObject<HTMLButtonElement | null>
}

/** The side menu (spec: 380 px wide): the tenant's items, the language selector and, on dev hosts, themes. */
export function SideDrawer({ open, onOpenChange, returnFocusTo }: SideDrawerProps) {
  const { t } = useLingui()
  const { tenant, devHost } = useEnvironment()
  const signedIn = useSignedIn()
  const account = useAccount()
  const items = drawerItems(tenant, { signedIn, hasPassword: account?.hasPassword })
  const right = tenant.theme.menuRight
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={overlayClasses} />
        <Dialog.Content
          aria-describedby={undefined}
          onCloseAutoFocus={(event) => {
            // The menu button is not a Radix trigger, so Radix would drop focus on the body. A navigation
            // from the drawer has already moved focus to the new screen's main area: leave it there.
            event.preventDefault()
            const active = document.activeElement
            if (!active || active === document.body || !active.isConnected) returnFocusTo.current?.focus()
          }}
          className={
            'fixed top-0 bottom-0 z-50 flex w-drawer max-w-[calc(100vw-2.5rem)] flex-col overflow-y-auto ' +
            'bg-surface text-text shadow-2xl ' +
            (right ? 'animate-portal-slide-in-right right-0' : 'animate-portal-slide-in-left left-0')
          }
        >
          <DialogHeader
            className="px-6 py-4"
            title={<Trans id="shell.menu">Menu</Trans>}
            closeLabel={t({ id: 'shell.close_menu', message: 'Close menu' })}
          />
          <nav aria-label={t({ id: 'shell.main_menu', message: 'Main menu' })} className="px-2 pb-4">
            <ul className="flex flex-col gap-1">
              {items.map((item) => (
                <li key={item.id}>
                  <Link
                    to={item.to}
                    activeOptions={{ exact: item.to === '/' }}
                    onClick={() => onOpenChange(false)}
                    className={
                      'flex min-h-comfortable items-center rounded-lg px-3 no-underline hover:bg-background ' +
                      'aria-[current=page]:bg-action aria-[current=page]:font-semibold ' +
                      'aria-[current=page]:text-on-action'
                    }
                  >
                    {t(item.title)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="mt-auto">
            <LanguageSelector />
            {devHost ? <ThemeToggle /> : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
