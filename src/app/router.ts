import { createRouter, type AnyRoute } from '@tanstack/react-router'
import { RouteError } from '../components/RouteError'
import { routeTree } from '../routeTree.gen'
import type { RouterContext } from './routerContext'

export function createPortalRouter(basepath: string, context: RouterContext) {
  return createRouter({
    routeTree,
    basepath: basepath || '/',
    context,
    defaultPreload: 'intent',
    defaultErrorComponent: RouteError,
    scrollRestoration: true,
  })
}

export type PortalRouter = ReturnType<typeof createPortalRouter>

/**
 * Starts fetching the code and the messages of the screens the current URL shows, so that they load while the
 * catalog and auth settle instead of after them (the router would ask for them only once it renders).
 */
export function preloadCurrentScreens(router: PortalRouter): void {
  const { loadRouteMessages } = router.options.context
  const routes: Record<string, AnyRoute | undefined> = { ...router.routesById }
  const matches = router.matchRoutes(router.latestLocation)
  // What fails here is fetched again when the router renders the route, and reports its error then.
  void loadRouteMessages(matches.map((match) => match.routeId)).catch(() => undefined)
  for (const match of matches) {
    const route = routes[match.routeId]
    if (route) void router.loadRouteChunk(route)?.catch(() => undefined)
  }
}

/** Settles once the router has rendered its first screen. */
export function firstRendered(router: PortalRouter): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe('onRendered', () => {
      unsubscribe()
      resolve()
    })
  })
}

declare module '@tanstack/react-router' {
  interface Register {
    router: PortalRouter
  }
}
