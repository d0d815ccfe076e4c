import { Trans } from '@lingui/react/macro'
import { useConnection } from '../../app/browser/online'
import { OfflineIcon } from '../ui/icons'

/**
 * Says so when the network is gone (spec section 8), or when there is one but the server does not answer; the
 * status region stays mounted so the change is read. It lies in the bottom dock, over the page rather than in
 * it: pushed in above the screen, it moved the page down as it came, under a finger about to tap.
 */
export function OfflineBanner() {
  const connection = useConnection()
  return (
    <div role="status">
      {connection === 'online' ? null : (
        // Its words start where the navigation's do, not centred: centred, the icon moved as they changed.
        // The connection of the moment: never in the next launch's start snapshot.
        <p
          data-snapshot="omit"
          className="pointer-events-auto bg-[#3d3d3d] px-4 py-1.5 text-sm font-semibold text-white"
        >
          <span className="mx-auto flex max-w-3xl items-center gap-2">
            <OfflineIcon />
            {connection === 'offline' ? (
              <Trans id="network.offline">Network connection not available</Trans>
            ) : (
              <Trans id="network.unreachable">The service cannot be reached right now</Trans>
            )}
          </span>
        </p>
      )}
    </div>
  )
}
