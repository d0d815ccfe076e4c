import { Trans } from '@lingui/react/macro'
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react'
import { ExternalLinkGuard } from './ExternalLinkGuard'
import { loadSignedInShell } from './loadSignedInShell'
import { NoticeSnackbar } from './NoticeSnackbar'
import { OfflineBanner } from './OfflineBanner'
import { syncStatusSpace } from './syncStatusSpace'
import { TopBar } from './TopBar'
import { useSignedIn } from './useSignedIn'

// Only signed-in users see these, so they (and their date and local data code) stay off an anonymous visit.
const SyncStatus = lazy(() => loadSignedInShell().then((module) => ({ default: module.SyncStatus })))
const BottomNav = lazy(() => loadSignedInShell().then((module) => ({ default: module.BottomNav })))
const LogoutConfirm = lazy(() => loadSignedInShell().then((module) => ({ default: module.LogoutConfirm })))
// Loaded when the menu first opens, and kept mounted after, so the dialog code stays off the first visit.
const SideDrawer = lazy(() => import('./SideDrawer').then((module) => ({ default: module.SideDrawer })))

/** The frame around every screen: skip link, top bar, drawer, banners, the main area and the bottom navigation. */
export function AppShell({ children }: { children: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const [menuUsed, setMenuUsed] = useState(false)
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
      <TopBar
        menuButtonRef={menuButton}
        onOpenMenu={() => {
          setMenuUsed(true)
          setMenuOpen(true)
        }}
      />
      {menuUsed ? (
        <Suspense fallback={null}>
          <SideDrawer open={menuOpen} onOpenChange={setMenuOpen} returnFocusTo={menuButton} />
        </Suspense>
      ) : null}
      <OfflineBanner />
      {signedIn ? (
        <Suspense fallback={<div className={syncStatusSpace} />}>
          <SyncStatus />
        </Suspense>
      ) : null}
      <main id="main" tabIndex={-1} className={`flex-1 outline-none ${signedIn ? 'pb-24' : 'pb-8'}`}>
        {children}
      </main>
      {signedIn ? (
        <Suspense fallback={null}>
          <BottomNav />
          <LogoutConfirm />
        </Suspense>
      ) : null}
      <NoticeSnackbar />
      <ExternalLinkGuard />
    </div>
  )
}
