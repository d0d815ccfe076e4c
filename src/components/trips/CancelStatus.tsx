import { Trans, useLingui } from '@lingui/react/macro'
import { dismissCommand } from '../../app/data/commands'
import { usePlatform } from '../../app/platform'
import { cancelCommand } from '../../commands/cancel'
import { commandErrorMessage } from '../../commands/rejections'
import type { CommandView } from '../../commands/tripView'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'

/**
 * A cancellation waiting in the outbox, or the server's refusal with its reason and a dismiss button. The trip
 * detail's status region around it reads the first as it appears; the refusal is an alert, read at once.
 */
export function CancelStatus({ view }: { view: CommandView<'trip.cancel'> }) {
  const { t } = useLingui()
  const { sessions } = usePlatform()
  if (!view) return null
  if (view.kind === 'pending') {
    return (
      <Alert
        severity="info"
        title={<Trans id="trips.cancellation_pending_title">Cancellation pending</Trans>}
      >
        <Trans id="trips.cancellation_pending_body">
          The cancellation is sent as soon as there is a connection. The trip is cancelled when the transport
          service confirms it.
        </Trans>
      </Alert>
    )
  }
  return (
    <Alert severity="error" live title={t(cancelCommand.rejection.title)}>
      <p>{t(commandErrorMessage(view.error))}</p>
      <Button
        variant="secondary"
        className="mt-3"
        onClick={() => void dismissCommand(sessions, view.command.id)}
      >
        <Trans id="trips.dismiss">Dismiss</Trans>
      </Button>
    </Alert>
  )
}
