import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import {
  notificationSettingsMachine,
  settingsProblems,
} from '../../../machines/notificationSettings/notificationSettings.machine'
import {
  pushDevicesMachine,
  TooManyTests,
  type TurnOnResult,
} from '../../../machines/pushDevices/pushDevices.machine'
import {
  notificationKinds,
  type NotificationSettings,
  type PushSubscriptionView,
} from '../../../src/contract/notifications'
import { emailDefaultOn } from '../../../src/contract/codes'

const switches = Object.fromEntries(
  notificationKinds.map((kind) => [kind, true]),
) as NotificationSettings['passengers'][number]['switches']
const settings: NotificationSettings = {
  reminderTime: '18:00',
  etaMinutes: 10,
  hideDetails: false,
  passengers: [{ passengerId: 'p1', switches, emailSwitches: { ...emailDefaultOn } }],
  email: { available: true, address: 'verified' },
}
const deviceOf = (id: string): PushSubscriptionView => ({
  id,
  userAgentFamily: 'chrome',
  locale: 'fi',
  createdAt: '2026-11-20T10:00:00Z',
  lastDeliveredAt: null,
})

describe('notification settings machine', () => {
  function start(save = vi.fn(async (input: NotificationSettings) => input)) {
    const machine = notificationSettingsMachine.provide({
      actors: {
        loadSettings: fromPromise(async () => settings),
        saveSettings: fromPromise(({ input }: { input: NotificationSettings }) => save(input)),
      },
    })
    const actor = createActor(machine).start()
    return { actor, save, ready: () => waitFor(actor, (snapshot) => snapshot.matches('ready')) }
  }

  it('saves the edited settings and says they were saved', async () => {
    const flow = start()
    await flow.ready()
    flow.actor.send({ type: 'edit', settings: { ...settings, hideDetails: true } })
    expect(flow.actor.getSnapshot().context.changed).toBe(true)
    flow.actor.send({ type: 'save' })
    await waitFor(flow.actor, (snapshot) => snapshot.context.saved)
    expect(flow.save).toHaveBeenCalledWith({ ...settings, hideDetails: true })
    expect(flow.actor.getSnapshot().context).toMatchObject({ changed: false, failure: null })
  })

  it('does not save a time or minutes out of range, and shows why', async () => {
    const flow = start()
    await flow.ready()
    flow.actor.send({ type: 'edit', settings: { ...settings, reminderTime: '25:00', etaMinutes: 61 } })
    flow.actor.send({ type: 'save' })
    expect(flow.actor.getSnapshot().matches('ready')).toBe(true)
    expect(flow.actor.getSnapshot().context.showProblems).toBe(true)
    expect(flow.save).not.toHaveBeenCalled()
    expect(settingsProblems({ ...settings, reminderTime: '', etaMinutes: Number.NaN })).toEqual([
      'reminderTime',
      'etaMinutes',
    ])
    expect(settingsProblems({ ...settings, reminderTime: '07:30', etaMinutes: 60 })).toEqual([])
  })

  it('keeps the edits when saving fails', async () => {
    const flow = start(vi.fn(() => Promise.reject(new Error('offline'))))
    await flow.ready()
    flow.actor.send({ type: 'edit', settings: { ...settings, etaMinutes: 5 } })
    flow.actor.send({ type: 'save' })
    await waitFor(flow.actor, (snapshot) => snapshot.context.failure === 'save')
    expect(flow.actor.getSnapshot().context).toMatchObject({ changed: true, saved: false })
    expect(flow.actor.getSnapshot().context.settings?.etaMinutes).toBe(5)
  })
})

describe('push devices machine', () => {
  function start(
    options: {
      turnOn?: () => Promise<TurnOnResult>
      test?: () => Promise<void>
      thisDevice?: string | null
    } = {},
  ) {
    const removed = vi.fn(async (_: { id: string; thisDevice: boolean }) => {})
    const machine = pushDevicesMachine.provide({
      actors: {
        loadDevices: fromPromise(async () => ({
          devices: [deviceOf('d1'), deviceOf('d2')],
          thisDevice: options.thisDevice ?? null,
        })),
        turnOn: fromPromise(
          options.turnOn ?? (async () => ({ permission: 'granted', device: deviceOf('d3') })),
        ),
        removeDevice: fromPromise(({ input }: { input: { id: string; thisDevice: boolean } }) =>
          removed(input),
        ),
        sendTest: fromPromise(options.test ?? (async () => {})),
      },
    })
    const actor = createActor(machine, { input: { permission: 'default' } }).start()
    const idle = () => waitFor(actor, (snapshot) => snapshot.matches('idle') && snapshot.context.loaded)
    return { actor, removed, idle, context: () => actor.getSnapshot().context }
  }

  it('turns this device on and lists it', async () => {
    const flow = start()
    await flow.idle()
    flow.actor.send({ type: 'turnOn' })
    await waitFor(flow.actor, (snapshot) => snapshot.context.outcome === 'on')
    expect(flow.context()).toMatchObject({ thisDevice: 'd3', permission: 'granted' })
    expect(flow.context().devices.map((device) => device.id)).toEqual(['d1', 'd2', 'd3'])
  })

  it('remembers a refused permission and lists nothing new', async () => {
    const flow = start({ turnOn: async () => ({ permission: 'denied' }) })
    await flow.idle()
    flow.actor.send({ type: 'turnOn' })
    await waitFor(flow.actor, (snapshot) => snapshot.context.permission === 'denied')
    expect(flow.context()).toMatchObject({ thisDevice: null, outcome: null })
  })

  it('removes this device as this device, and another as another', async () => {
    const flow = start({ thisDevice: 'd2' })
    await flow.idle()
    flow.actor.send({ type: 'remove', id: 'd1' })
    await waitFor(flow.actor, (snapshot) => snapshot.context.outcome === 'removed')
    expect(flow.removed).toHaveBeenLastCalledWith({ id: 'd1', thisDevice: false })
    expect(flow.context().thisDevice).toBe('d2')
    flow.actor.send({ type: 'turnOff' })
    await waitFor(flow.actor, (snapshot) => snapshot.context.outcome === 'off')
    expect(flow.removed).toHaveBeenLastCalledWith({ id: 'd2', thisDevice: true })
    expect(flow.context()).toMatchObject({ thisDevice: null, devices: [] })
  })

  it('tells too many tests apart from a failed one', async () => {
    const flow = start({ thisDevice: 'd1', test: () => Promise.reject(new TooManyTests()) })
    await flow.idle()
    flow.actor.send({ type: 'test' })
    await waitFor(flow.actor, (snapshot) => snapshot.context.failure !== null)
    expect(flow.context().failure).toBe('tooManyTests')
  })

  it('sends no test while this device is off', async () => {
    const flow = start()
    await flow.idle()
    flow.actor.send({ type: 'test' })
    expect(flow.actor.getSnapshot().matches('idle')).toBe(true)
  })
})
