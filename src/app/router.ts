import { createRouter, type AnyRoute } from '@tanstack/react-router'
import { routeTree } from '../routeTree.gen'
import type { RouterContext } from './routerContext'

export function createPortalRouter(basepath: string, context: RouterContext) {
  return createRouter({
    routeTree,
    basepath: basepath || '/',
    context,
    defaultPreload: 'intent',
    scrollRestoration: true,
  })
}

export type PortalRouter = ReturnType<typeof createPortalRouter>

/**
 * Starts fetching the code of the screens the current URL shows, so that it loads while the catalog and auth
 * settle instead of after them (the router would ask for it only once it renders).
 */
export function preloadCurrentScreens(router: PortalRouter): void {
  const routes: Record<string, AnyRoute | undefined> = { ...router.routesById }
  for (const match of router.matchRoutes(router.latestLocation)) {
    const route = routes[match.routeId]
    // A chunk that fails here is fetched again when the router renders the route, and reports its error then.
    if (route) void router.loadRouteChunk(route)?.catch(() => undefined)
  }
}

declare module '@tanstack/react-router' {
  interface Register {
    router: PortalRouter
  }
}
