import { assign, fromPromise, setup } from 'xstate'
import { etaMinutesRange, timeOfDayPattern } from '../../src/contract/codes'
import type { NotificationSettings } from '../../src/contract/notifications'

/**
 * The user's notification settings: loaded from the server, edited here, saved with the Save button
 * (a whole form at once, so a screen-reader user hears one "Saved", not one per switch). The server keeps them,
 * not the device: they need the network. The screen provides the calls (src/app/effects/notificationCalls.ts).
 */

export type SettingsProblem = 'reminderTime' | 'etaMinutes'

export interface NotificationSettingsContext {
  /** The settings as edited; null until loaded. */
  settings: NotificationSettings | null
  /** Changed since loaded or saved. */
  changed: boolean
  /** Save was pressed with a problem: the fields show their errors from then on. */
  showProblems: boolean
  saved: boolean
  failure: 'load' | 'save' | null
}

export type NotificationSettingsEvent =
  { type: 'retry' } | { type: 'edit'; settings: NotificationSettings } | { type: 'save' }

/** What keeps the settings from being saved: the time must be HH:MM, the minutes a whole number 1 to 60. */
export function settingsProblems(settings: NotificationSettings): SettingsProblem[] {
  const problems: SettingsProblem[] = []
  if (!timeOfDayPattern.test(settings.reminderTime)) problems.push('reminderTime')
  const { etaMinutes } = settings
  if (!Number.isInteger(etaMinutes) || etaMinutes < etaMinutesRange.min || etaMinutes > etaMinutesRange.max)
    problems.push('etaMinutes')
  return problems
}

export const notificationSettingsMachine = setup({
  types: {
    context: {} as NotificationSettingsContext,
    events: {} as NotificationSettingsEvent,
  },
  actors: {
    loadSettings: fromPromise<NotificationSettings>(() =>
      Promise.reject(new Error('notificationSettings: no loadSettings actor')),
    ),
    saveSettings: fromPromise<NotificationSettings, NotificationSettings>(() =>
      Promise.reject(new Error('notificationSettings: no saveSettings actor')),
    ),
  },
  guards: {
    valid: ({ context }) => context.settings !== null && settingsProblems(context.settings).length === 0,
  },
}).createMachine({
  id: 'notificationSettings',
  context: { settings: null, changed: false, showProblems: false, saved: false, failure: null },
  initial: 'loading',
  states: {
    loading: {
      entry: assign({ failure: null }),
      invoke: {
        src: 'loadSettings',
        onDone: {
          target: 'ready',
          actions: assign({ settings: ({ event }) => event.output, changed: false }),
        },
        onError: { target: 'loadFailed', actions: assign({ failure: 'load' }) },
      },
    },
    loadFailed: { on: { retry: 'loading' } },
    ready: {
      on: {
        edit: {
          actions: assign({
            settings: ({ event }) => event.settings,
            changed: true,
            saved: false,
            failure: null,
          }),
        },
        save: [
          { guard: 'valid', target: 'saving' },
          { actions: assign({ showProblems: true, saved: false }) },
        ],
      },
    },
    saving: {
      entry: assign({ saved: false, failure: null }),
      invoke: {
        src: 'saveSettings',
        input: ({ context }) => context.settings as NotificationSettings,
        onDone: {
          target: 'ready',
          // The server's answer is what is saved; an edit made while saving would be lost, so the form is
          // disabled while it saves.
          actions: assign({
            settings: ({ event }) => event.output,
            changed: false,
            showProblems: false,
            saved: true,
          }),
        },
        onError: { target: 'ready', actions: assign({ failure: 'save' }) },
      },
    },
  },
})
