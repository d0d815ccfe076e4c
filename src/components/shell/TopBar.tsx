import { useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { Suspense, type RefObject } from 'react'
import { useEnvironment } from '../../app/environment'
import { MenuIcon } from '../ui/icons'
import { partOf } from '../ui/lazyPart'
import { signedInShell } from './signedInShellCode'
import { TenantLogo } from './TenantLogo'
import { useSignedIn } from './useSignedIn'

// Only signed-in users have it, so its menu code stays out of an anonymous first visit, in the chunk of the
// shell's other signed-in parts. If that chunk does not load, the sync status's place says so (AppShell.tsx).
const AccountMenu = partOf(signedInShell, (module) => module.AccountMenu, { quiet: true })

/** The top bar: menu button (left, or right when the theme says so), the tenant's logo and name, account menu. */
export function TopBar({
  onOpenMenu,
  menuButtonRef,
}: {
  onOpenMenu(): void
  menuButtonRef: RefObject<HTMLButtonElement | null>
}) {
  const { t } = useLingui()
  const { tenant } = useEnvironment()
  const signedIn = useSignedIn()
  const menuButton = (
    <button
      ref={menuButtonRef}
      type="button"
      onClick={onOpenMenu}
      aria-haspopup="dialog"
      className="inline-flex min-h-comfortable min-w-comfortable items-center justify-center rounded-lg hover:bg-white/15"
    >
      <MenuIcon />
      <span className="sr-only">{t({ id: 'shell.open_menu', message: 'Menu' })}</span>
    </button>
  )
  return (
    <header className="on-primary sticky top-0 z-30 bg-primary text-on-primary shadow">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-2 px-2 sm:px-4">
        {tenant.theme.menuRight ? null : menuButton}
        <Link
          to="/"
          className="flex min-h-comfortable mr-auto min-w-0 items-center gap-3 rounded-lg px-2 no-underline"
        >
          <TenantLogo tenantId={tenant.id} />
          <span className="truncate text-lg font-bold">{tenant.name}</span>
        </Link>
        {signedIn ? (
          <Suspense fallback={null}>
            <AccountMenu />
          </Suspense>
        ) : null}
        {tenant.theme.menuRight ? menuButton : null}
      </div>
    </header>
  )
}
