import type { OutboundRefusal } from './endpointPolicy'

/**
 * Where an endpoint was refused: when it was given (a device subscribed to push, an operator set its webhook), or
 * when something was to be sent to it.
 */
export type RefusalStage = 'subscribe' | 'send'

/**
 * Endpoints of one outbox this process refused by its policy (endpointPolicy.ts), by stage and reason, since it
 * started: `portal_push_endpoint_refusals_total` and `portal_webhook_endpoint_refusals_total` on /metrics
 * (docs/operations.md). Each is logged where it happens too.
 */
export interface EndpointRefusals {
  add(stage: RefusalStage, reason: OutboundRefusal): void
  readings(): { labels: { stage: RefusalStage; reason: OutboundRefusal }; value: number }[]
}

export function createEndpointRefusals(): EndpointRefusals {
  const counts = new Map<`${RefusalStage} ${OutboundRefusal}`, number>()
  return {
    add(stage, reason) {
      counts.set(`${stage} ${reason}`, (counts.get(`${stage} ${reason}`) ?? 0) + 1)
    },
    readings: () =>
      [...counts].map(([key, value]) => {
        const [stage, reason] = key.split(' ') as [RefusalStage, OutboundRefusal]
        return { labels: { stage, reason }, value }
      }),
  }
}
