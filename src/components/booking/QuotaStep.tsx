import { Plural, Trans } from '@lingui/react/macro'
import { useId } from 'react'
import type { Quota } from '../../contract/permissions'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { LoadingBlock } from '../ui/Spinner'
import { RadioOption } from './RadioOption'
import type { StepProps } from './stepProps'
import { Fieldset } from '../ui/Fieldset'

/**
 * Step 3: the transportation permission (quota) the trip is booked on, from those valid on the date. One with
 * trips left is preselected; one with none left is shown but cannot be chosen.
 */
export function QuotaStep({ snapshot, send }: StepProps) {
  const name = useId()
  const { quotas, order } = snapshot.context
  if (snapshot.matches({ quotas: 'failed' })) {
    return (
      <Alert
        severity="error"
        live
        title={<Trans id="booking.quotas_failed">Transportation permissions could not be fetched</Trans>}
      >
        <Button variant="secondary" className="mt-2" onClick={() => send({ type: 'quotas.retry' })}>
          <Trans id="booking.try_again">Try again</Trans>
        </Button>
      </Alert>
    )
  }
  if (snapshot.matches({ quotas: 'none' })) {
    return (
      <Alert
        severity="error"
        live
        title={
          <Trans id="booking.noQuotas">The passenger has no transportation permission for this date</Trans>
        }
      >
        <Trans id="booking.no_quotas_help">
          Choose another date, or contact your transport service provider to get a transportation permission.
        </Trans>
      </Alert>
    )
  }
  if (!snapshot.matches({ quotas: 'loaded' }) || !quotas) return <LoadingBlock />
  return (
    <Fieldset
      gap="gap-3"
      legend={<Trans id="booking.quota_legend">Which transportation permission is the trip on?</Trans>}
    >
      {quotas.map((quota) => (
        <RadioOption
          key={quota.id}
          name={name}
          checked={order.quota?.id === quota.id}
          disabled={quota.remainingQuota === 0}
          onSelect={() => send({ type: 'quota.select', quotaId: quota.id })}
        >
          <QuotaText quota={quota} />
        </RadioOption>
      ))}
    </Fieldset>
  )
}

function QuotaText({ quota }: { quota: Quota }) {
  return (
    <span className="flex flex-col gap-1">
      <span className="text-lg font-semibold">{quota.name}</span>
      <span>
        <Plural
          id="booking.quota_remaining"
          value={quota.remainingQuota}
          _0="No trips left"
          one="# trip left"
          other="# trips left"
        />
      </span>
      {quota.expressQuotaTimeLimit ? (
        <span>
          <Plural
            id="booking.quota_express_remaining"
            value={quota.remainingExpressQuota}
            _0="No express trips left"
            one="# express trip left"
            other="# express trips left"
          />
        </span>
      ) : null}
      {quota.note ? <span className="text-sm text-muted">{quota.note}</span> : null}
    </span>
  )
}
