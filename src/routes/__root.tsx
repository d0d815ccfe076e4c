import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import type { RouterContext } from '../app/routerContext'
import { NotFoundPage } from '../components/NotFoundPage'
import { Announcer } from '../components/shell/Announcer'
import { AppShell } from '../components/shell/AppShell'

export const Route = createRootRouteWithContext<RouterContext>()({
  // Every screen but home shows messages of the catalog's later parts: it renders (or preloads) once they are in.
  beforeLoad: ({ matches, context }) => context.loadRouteMessages(matches.map((match) => match.routeId)),
  component: RootLayout,
  notFoundComponent: NotFoundPage,
})

/** After a navigation inside the app, focus moves to the main area so that the new screen is read from its top. */
function useFocusMainOnNavigation() {
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const first = useRef(true)
  useEffect(() => {
    if (first.current) {
      first.current = false
      return
    }
    document.getElementById('main')?.focus({ preventScroll: true })
  }, [pathname])
}

/** Every page, public ones too, in the shell, inside the announcer: its live regions are there from the start. */
function RootLayout() {
  useFocusMainOnNavigation()
  return (
    <Announcer>
      <AppShell>
        <Outlet />
      </AppShell>
    </Announcer>
  )
}
