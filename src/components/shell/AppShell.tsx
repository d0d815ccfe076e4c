import { Trans } from '@lingui/react/macro'
import { Suspense, useRef, useState, type ReactNode } from 'react'
import { lazyDialog } from '../ui/loadOnFirstOpen'
import { partOf } from '../ui/lazyPart'
import { BottomDock } from './BottomDock'
import { ExternalLinkGuard } from './ExternalLinkGuard'
import { signedInShell } from './signedInShellCode'
import { NoticeSnackbar } from './NoticeSnackbar'
import { OfflineBanner } from './OfflineBanner'
import { syncStatusSpace } from './syncStatusSpace'
import { TopBar } from './TopBar'
import { useSignedIn } from './useSignedIn'

// Only signed-in users see these, so they (and their date and local data code) stay off an anonymous visit.
// When their chunk does not load, the sync status's place says so once, for all of them.
const SyncStatus = partOf(signedInShell, (module) => module.SyncStatus)
const BottomNav = partOf(signedInShell, (module) => module.BottomNav, { quiet: true })
const LogoutConfirm = partOf(signedInShell, (module) => module.LogoutConfirm, { quiet: true })
const PushRefresh = partOf(signedInShell, (module) => module.PushRefresh, { quiet: true })
// Loaded when the menu first opens, and kept mounted after, so the dialog code stays off the first visit.
const SideDrawer = lazyDialog(() => import('./SideDrawer').then((module) => module.SideDrawer))

/** The frame around every screen: skip link, top bar, drawer, banners, the main area and the bottom navigation. */
export function AppShell({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const menuButton = useRef<HTMLButtonElement>(null)
  const signedIn = useSignedIn()
  return (
    <div className="flex min-h-dvh flex-col bg-background text-text">
      <a
        href="#main"
        className="fixed top-2 left-2 z-50 -translate-y-24 rounded-lg bg-surface px-4 py-3 font-semibold text-text shadow-lg focus:translate-y-0"
      >
        <Trans id="shell.skip_to_content">Skip to content</Trans>
      </a>
      <TopBar menuButtonRef={menuButton} onOpenMenu={() => setMenuOpen(true)} />
      <SideDrawer open={menuOpen} onOpenChange={setMenuOpen} returnFocusTo={menuButton} />
      {signedIn ? (
        <Suspense fallback={<div className={syncStatusSpace} />}>
          <SyncStatus />
        </Suspense>
      ) : null}
      <main
        id="main"
        tabIndex={-1}
        className={`flex-1 outline-none ${signedIn ? 'pb-[max(6rem,var(--covered-bottom,0px))]' : 'pb-[max(2rem,var(--covered-bottom,0px))]'}`}
      >
        {children}
      </main>
      <BottomDock>
        <NoticeSnackbar />
        <OfflineBanner />
        {signedIn ? (
          <Suspense fallback={null}>
            <BottomNav />
          </Suspense>
        ) : null}
      </BottomDock>
      {signedIn ? (
        <Suspense fallback={null}>
          <LogoutConfirm />
          <PushRefresh />
        </Suspense>
      ) : null}
      <ExternalLinkGuard />
    </div>
  )
}
