import { Trans } from '@lingui/react/macro'
import { Temporal } from 'temporal-polyfill'
import { usePassed } from '../../app/browser/usePassed'
import type { CancellationReceipt } from '../../contract/trip'
import { clockTime, instantDate, timeOrDate } from '../../domain/dateDisplay'
import { receiptNotice } from '../../domain/trips/cancellationReceipt'
import { Alert } from '../ui/Alert'
import { PhoneLink } from '../ui/PhoneLink'

/** "Received by the transport service at 07:12", with the date when it was not today. */
function ReceivedAt({ at, timeZone }: { at: string; timeZone: string }) {
  const time = clockTime(at, timeZone)
  if (timeOrDate(at, Temporal.Now.instant(), timeZone).today)
    return <Trans id="trips.receipt_received_at">Received by the transport service at {time}</Trans>
  const date = instantDate(at, timeZone)
  return (
    <Trans id="trips.receipt_received_on">
      Received by the transport service on {date} at {time}
    </Trans>
  )
}

/** Whom to call: the tenant's number as a link, or the transport service when it has given none. */
function CallToCancel({ phone }: { phone: string | null }) {
  if (!phone) {
    return (
      <Trans id="trips.receipt_call_service">Call the transport service so that the car does not come.</Trans>
    )
  }
  return (
    <Trans id="trips.receipt_call_phone">
      Call <PhoneLink phone={phone} /> so that the car does not come.
    </Trans>
  )
}

/**
 * The transport service's answer to the guardian's cancellation (spec: "The trip is cancelled when the transport
 * service confirms it"): awaited, received when, or refused with its reason and whom to call. Awaited past its
 * deadline, it turns at that instant into an alert to call. The trip detail's status region reads it as it
 * changes; a refusal and the call to call are alerts, read at once.
 */
export function CancelReceipt({
  receipt,
  timeZone,
}: {
  receipt: CancellationReceipt | null
  timeZone: string
}) {
  const deadlinePassed = usePassed(receipt?.state === 'awaiting' ? receipt.acknowledgeBy : null)
  const notice = receiptNotice(receipt, deadlinePassed)
  if (!receipt || !notice) return null
  switch (notice) {
    case 'waiting':
      return (
        <Alert severity="info">
          <Trans id="trips.receipt_waiting">
            Waiting for the transport service to confirm the cancellation.
          </Trans>
        </Alert>
      )
    case 'received':
      return receipt.at ? (
        <Alert severity="success">
          <ReceivedAt at={receipt.at} timeZone={timeZone} />
        </Alert>
      ) : null
    case 'refused': {
      const reason = receipt.reason
      return (
        <Alert
          severity="error"
          live
          title={
            reason ? (
              <Trans id="trips.receipt_refused">
                The transport service could not cancel the trip: {reason}
              </Trans>
            ) : (
              <Trans id="trips.receipt_refused_no_reason">
                The transport service could not cancel the trip.
              </Trans>
            )
          }
        >
          {receipt.phone ? (
            <p>
              <Trans id="trips.receipt_refused_call">
                Call <PhoneLink phone={receipt.phone} />
              </Trans>
            </p>
          ) : null}
        </Alert>
      )
    }
    case 'overdue':
      return (
        <Alert
          severity="error"
          live
          title={
            <Trans id="trips.receipt_overdue">
              The transport service has not confirmed the cancellation.
            </Trans>
          }
        >
          <p>
            <CallToCancel phone={receipt.phone} />
          </p>
        </Alert>
      )
  }
}
