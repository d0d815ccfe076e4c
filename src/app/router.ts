import { createRouter } from '@tanstack/react-router'
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

declare module '@tanstack/react-router' {
  interface Register {
    router: PortalRouter
  }
}
