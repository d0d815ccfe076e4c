import { assign, fromPromise, setup } from 'xstate'
import type { PushSubscriptionView } from '../../src/contract/notifications'

/**
 * Notifications on this device and the user's devices list: loads the devices and which one is this
 * device, turns this device on (the permission asked only after the user's tap, then the browser's subscription
 * posted) or off, removes any device, and sends a test notification. The screen provides the calls
 * (src/app/effects/notificationCalls.ts); tests give them with `.provide`.
 */

export interface DeviceList {
  devices: PushSubscriptionView[]
  /** This device's subscription id, when it is on here. */
  thisDevice: string | null
}

/** What turning on answered: the browser's permission, and the device as the server keeps it once granted. */
export type TurnOnResult =
  { permission: 'granted'; device: PushSubscriptionView } | { permission: 'denied' | 'default' }

export type DeviceOutcome = 'on' | 'off' | 'removed' | 'testSent'
export type DeviceFailure = 'load' | 'turnOn' | 'turnOff' | 'remove' | 'test' | 'tooManyTests'

export interface PushDevicesContext extends DeviceList {
  loaded: boolean
  /** The device being removed, whose row shows the wait. */
  removing: string | null
  /** The browser's notification permission as last seen: `denied` is the blocked state's text. */
  permission: NotificationPermission
  outcome: DeviceOutcome | null
  failure: DeviceFailure | null
}

export type PushDevicesEvent =
  | { type: 'retry' }
  | { type: 'turnOn' }
  | { type: 'turnOff' }
  | { type: 'remove'; id: string }
  | { type: 'test' }

/** A failed test may be the server's 429: the user is asked to wait, not to try again at once. */
export class TooManyTests extends Error {}

export const pushDevicesMachine = setup({
  types: {
    context: {} as PushDevicesContext,
    events: {} as PushDevicesEvent,
    input: {} as { permission: NotificationPermission },
  },
  actors: {
    loadDevices: fromPromise<DeviceList>(() =>
      Promise.reject(new Error('pushDevices: no loadDevices actor')),
    ),
    turnOn: fromPromise<TurnOnResult>(() => Promise.reject(new Error('pushDevices: no turnOn actor'))),
    /** Removes a device on the server, and this device's browser subscription too when it is this one. */
    removeDevice: fromPromise<void, { id: string; thisDevice: boolean }>(() =>
      Promise.reject(new Error('pushDevices: no removeDevice actor')),
    ),
    sendTest: fromPromise<void, string>(() => Promise.reject(new Error('pushDevices: no sendTest actor'))),
  },
  actions: {
    clear: assign({ outcome: null, failure: null }),
    fail: assign((_, failure: DeviceFailure) => ({ failure, outcome: null })),
  },
  guards: {
    isOn: ({ context }) => context.thisDevice !== null,
  },
}).createMachine({
  id: 'pushDevices',
  context: ({ input }) => ({
    devices: [],
    thisDevice: null,
    loaded: false,
    removing: null,
    permission: input.permission,
    outcome: null,
    failure: null,
  }),
  initial: 'loading',
  states: {
    loading: {
      entry: 'clear',
      invoke: {
        src: 'loadDevices',
        onDone: { target: 'idle', actions: assign(({ event }) => ({ ...event.output, loaded: true })) },
        onError: { target: 'idle', actions: { type: 'fail', params: 'load' as const } },
      },
    },
    idle: {
      on: {
        retry: 'loading',
        turnOn: { target: 'turningOn', actions: 'clear' },
        turnOff: { guard: 'isOn', target: 'turningOff', actions: 'clear' },
        remove: { target: 'removing', actions: ['clear', assign({ removing: ({ event }) => event.id })] },
        test: { guard: 'isOn', target: 'testing', actions: 'clear' },
      },
    },
    turningOn: {
      invoke: {
        src: 'turnOn',
        onDone: {
          target: 'idle',
          actions: assign(({ context, event }) => {
            const result = event.output
            if (result.permission !== 'granted') return { permission: result.permission }
            const others = context.devices.filter((device) => device.id !== result.device.id)
            return {
              permission: result.permission,
              devices: [...others, result.device],
              thisDevice: result.device.id,
              outcome: 'on' as const,
            }
          }),
        },
        onError: { target: 'idle', actions: { type: 'fail', params: 'turnOn' as const } },
      },
    },
    turningOff: {
      invoke: {
        src: 'removeDevice',
        input: ({ context }) => ({ id: context.thisDevice ?? '', thisDevice: true }),
        onDone: {
          target: 'idle',
          actions: assign(({ context }) => ({
            devices: context.devices.filter((device) => device.id !== context.thisDevice),
            thisDevice: null,
            outcome: 'off' as const,
          })),
        },
        onError: { target: 'idle', actions: { type: 'fail', params: 'turnOff' as const } },
      },
    },
    removing: {
      invoke: {
        src: 'removeDevice',
        input: ({ context }) => ({
          id: context.removing ?? '',
          thisDevice: context.removing === context.thisDevice,
        }),
        onDone: {
          target: 'idle',
          actions: assign(({ context }) => ({
            devices: context.devices.filter((device) => device.id !== context.removing),
            thisDevice: context.thisDevice === context.removing ? null : context.thisDevice,
            removing: null,
            outcome: 'removed' as const,
          })),
        },
        onError: {
          target: 'idle',
          actions: [{ type: 'fail', params: 'remove' as const }, assign({ removing: null })],
        },
      },
    },
    testing: {
      invoke: {
        src: 'sendTest',
        input: ({ context }) => context.thisDevice ?? '',
        onDone: { target: 'idle', actions: assign({ outcome: 'testSent' }) },
        onError: {
          target: 'idle',
          actions: assign(({ event }) => ({
            failure: event.error instanceof TooManyTests ? ('tooManyTests' as const) : ('test' as const),
            outcome: null,
          })),
        },
      },
    },
  },
})
