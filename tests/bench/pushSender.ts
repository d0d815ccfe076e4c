/**
 * The push sender's throughput on one instance: notifications a second from the outbox to a local push service
 * stand-in (tests/server/support/pushServiceStandIn.ts), each encrypted and signed as for a real service and sent
 * over TLS to its public name through the endpoint and address policy, as production sends. On
 * PostgreSQL when TEST_DATABASE_URL is set, else on PGlite. Against the floor measured in the same run: the same
 * messages encrypted, signed and posted by the same transport, 16 at once, with no database. The budget: a
 * school morning of 100,000 pickups within an hour (28 a second) on one instance.
 */
import { Temporal } from 'temporal-polyfill'
import { heldWithOtherKeys } from '../../server/db/repositories/pushSubscriptions'
import { tenantDb } from '../../server/db/tenantDb'
import { loadServerI18n } from '../../server/i18n/catalogs'
import { systemClock } from '../../server/time/clock'
import type { Backend } from '../server/support/database'
import { forEachBounded } from '../../server/outbound/boundedConcurrency'
import type { PushMessage, PushTransport } from '../../server/notifications/pushTransport'
import { startPushServiceStandIn, type StandInDevice } from '../server/support/pushServiceStandIn'
import { drain } from '../server/support/drain'
import { senderFor } from '../server/support/pushSenders'
import { benchDatabase, onOneBackend, runWhenMain } from './oneBackend'
import type { BenchReport } from './report'

const devices = 200
const perDevice = 10
/** 100,000 notifications within an hour. */
const budgetPerSecond = 28

/** The floor: each device's message sent `perDevice` times by the transport alone, 16 at once. */
async function floorRate(transport: PushTransport, messages: readonly PushMessage[]): Promise<number> {
  const all = Array.from({ length: perDevice }, () => messages).flat()
  const started = performance.now()
  let sent = 0
  await forEachBounded(all, 16, async (message) => {
    if ((await transport.send(message)).kind === 'delivered') sent++
  })
  return sent / ((performance.now() - started) / 1000)
}

async function benchOn(backend: Backend, label: string, report: BenchReport): Promise<void> {
  const database = await benchDatabase(backend)
  const standIn = await startPushServiceStandIn()
  try {
    const data = tenantDb(database.db, 'espoo')
    let userId = ''
    const ids: string[] = []
    const keptDevices: StandInDevice[] = []
    for (let index = 0; index < devices; index++) {
      // Ten devices a user, within the limit of devices per user.
      if (index % 10 === 0) userId = (await data.users.create({ name: `Bench Huoltaja ${index}` })).id
      const device = standIn.device()
      const kept = await data.pushSubscriptions.keep(userId, {
        endpoint: device.subscription.endpoint,
        p256dh: device.subscription.keys.p256dh,
        auth: device.subscription.keys.auth,
        locale: 'fi',
        user_agent_family: 'chrome',
        portal_url: 'https://espoo.matkaportaali.fi',
      })
      if (kept === heldWithOtherKeys) throw new Error('A new endpoint was held by another user')
      ids.push(kept.id)
      keptDevices.push(device)
    }
    const now = Temporal.Now.instant()
    for (let round = 0; round < perDevice; round++)
      for (const id of ids) await data.pushSubscriptions.queue(id, { kind: 'test' }, now)
    const { sender, transport } = await senderFor(database.db, await loadServerI18n(), systemClock)
    const started = performance.now()
    const counts = await drain(sender)
    const seconds = (performance.now() - started) / 1000
    const rate = counts.delivered / seconds
    const floor = await floorRate(
      transport,
      keptDevices.map(({ subscription }) => ({
        endpoint: subscription.endpoint,
        ...subscription.keys,
        payload: JSON.stringify({ web_push: 8030, notification: { title: 'Testi', navigate: '/' } }),
        ttlSeconds: 600,
        urgency: 'normal' as const,
        topic: null,
      })),
    )
    transport.close()
    report.lines.push(
      `  ${label}: ${counts.delivered} of ${ids.length * perDevice} sent in ${seconds.toFixed(2)} s, ` +
        `${rate.toFixed(0)} notifications/s on one instance (16 at once)`,
      `  floor (the transport alone, no database): ${floor.toFixed(0)}/s; the sender reaches ` +
        `${((rate / floor) * 100).toFixed(0)} % of it`,
      `  budget: ${budgetPerSecond}/s (100,000 pickups within an hour); ${(rate / budgetPerSecond).toFixed(1)}× it`,
    )
    if (counts.delivered !== ids.length * perDevice)
      report.failures.push(`push sender: ${counts.delivered} of ${ids.length * perDevice} delivered`)
    // With the 25 % margin every budget keeps.
    if (rate < budgetPerSecond / 0.75)
      report.failures.push(`push sender: ${rate.toFixed(0)}/s, under ${budgetPerSecond}/s with a 25 % margin`)
  } finally {
    await standIn.close()
    await database.drop()
  }
}

export const benchPushSender = (): Promise<BenchReport> => onOneBackend(['Push sender throughput'], benchOn)

await runWhenMain(import.meta.url, benchPushSender)
