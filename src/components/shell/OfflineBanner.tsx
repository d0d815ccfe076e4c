import { Trans } from '@lingui/react/macro'
import { useConnection } from '../../app/browser/online'
import { OfflineIcon } from '../ui/icons'

/**
 * Says so when the network is gone (spec section 8), or when there is one but the server does not answer; the
 * status region stays mounted so the change is read.
 */
export function OfflineBanner() {
  const connection = useConnection()
  return (
    <div role="status">
      {connection === 'online' ? null : (
        <p className="flex items-center justify-center gap-2 bg-[#3d3d3d] px-4 py-2 text-center font-semibold text-white">
          <OfflineIcon />
          {connection === 'offline' ? (
            <Trans id="network.offline">Network connection not available</Trans>
          ) : (
            <Trans id="network.unreachable">The service cannot be reached right now</Trans>
          )}
        </p>
      )}
    </div>
  )
}
