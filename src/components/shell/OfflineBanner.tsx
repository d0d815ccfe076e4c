import { Trans } from '@lingui/react/macro'
import { useOnline } from '../../app/online'
import { OfflineIcon } from '../ui/icons'

/** Says so when the network is gone (spec section 8); the status region stays mounted so the change is read. */
export function OfflineBanner() {
  const online = useOnline()
  return (
    <div role="status">
      {online ? null : (
        <p className="flex items-center justify-center gap-2 bg-[#3d3d3d] px-4 py-2 text-center font-semibold text-white">
          <OfflineIcon />
          <Trans id="network.offline">Network connection not available</Trans>
        </p>
      )}
    </div>
  )
}
