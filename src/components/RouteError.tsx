import { ErrorComponent, useRouter, type ErrorComponentProps } from '@tanstack/react-router'
import { isChunkLoadError } from './ui/chunkLoadError'
import { LazyPartNotice } from './ui/lazyPart'

/**
 * A screen whose code did not load shows the notice of a part that needs a connection in the screen's place;
 * its "Try again" loads the route again (the router fetches a chunk that failed anew). Other errors keep the
 * router's own error view.
 */
export function RouteError({ error }: ErrorComponentProps) {
  const router = useRouter()
  if (!isChunkLoadError(error)) return <ErrorComponent error={error} />
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6">
      <LazyPartNotice urgent onRetry={() => void router.invalidate()} />
    </div>
  )
}
