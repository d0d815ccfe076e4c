import { assign, fromPromise, setup } from 'xstate'
import type { FieldErrors, FormErrorCode, SubmitFailure } from '../../src/domain/formErrors'
import { hasNoErrors } from '../../src/domain/formErrors'

/**
 * The life of a form that submits to the server: editing -> submitting -> success, or back to editing through
 * failure with the errors to show. The per-form machines (addPassenger, editInitials, passwordForm) configure
 * it with their fields, rules and error mapping; the component provides the `submit` actor (the API call) and
 * the `focusField` and `succeeded` actions (DOM focus, notices, closing a dialog).
 */

export interface FormContext<F extends string, R> {
  values: Record<F, string>
  /** The fields the form shows; only these are validated. */
  fields: readonly F[]
  errors: FieldErrors<F>
  formError: FormErrorCode | null
  result: R | null
}

export type FormEvent<F extends string> =
  { type: 'field.change'; field: F; value: string } | { type: 'form.submit' } | { type: 'form.reset' }

export interface FormInput<F extends string> {
  values?: Partial<Record<F, string>>
  /** Defaults to every field of the form. */
  fields?: readonly F[]
}

export interface FormConfig<F extends string> {
  id: string
  fields: readonly F[]
  validate(values: Record<F, string>, fields: readonly F[]): FieldErrors<F>
  /** What a rejected submit means for the form. */
  toFailure(error: unknown): SubmitFailure<F>
}

export function createFormMachine<F extends string, R>(config: FormConfig<F>) {
  const emptyValues = Object.fromEntries(config.fields.map((field) => [field, ''])) as Record<F, string>
  const focusFirstInvalid = {
    type: 'focusField',
    params: ({ context }: { context: FormContext<F, R> }) => ({
      field: context.fields.find((field) => context.errors[field]?.length),
    }),
  } as const

  const editingEvents = {
    'field.change': { target: 'editing', actions: 'setField' },
    'form.submit': [
      { guard: 'isValid', target: 'submitting', actions: 'clearErrors' },
      { target: 'editing', actions: ['showValidationErrors', focusFirstInvalid] },
    ],
  } as const

  return setup({
    types: {
      context: {} as FormContext<F, R>,
      events: {} as FormEvent<F>,
      input: {} as FormInput<F> | undefined,
    },
    actors: {
      // The component provides the real call with `machine.provide`.
      // Its output is typed `unknown` here because TypeScript cannot relate a generic R through XState's done
      // events; `succeeded` restores the type at the one place the result leaves the machine.
      submit: fromPromise<unknown, Record<string, string>>(() =>
        Promise.reject(new Error(`${config.id}: no submit actor`)),
      ),
    },
    actions: {
      setField: assign(({ context, event }) => {
        if (event.type !== 'field.change') return {}
        const errors = { ...context.errors }
        delete errors[event.field]
        return { values: { ...context.values, [event.field]: event.value }, errors, formError: null }
      }),
      clearErrors: assign({ errors: {}, formError: null }),
      storeResult: assign((_, params: { result: unknown }) => ({ result: params.result as R })),
      storeFailure: assign((_, params: { error: unknown }) => {
        const failure = config.toFailure(params.error)
        return { errors: failure.fieldErrors, formError: failure.formError }
      }),
      showValidationErrors: assign(({ context }) => ({
        errors: config.validate(context.values, context.fields),
        formError: null,
      })),
      /** Moves focus to the first field with an error, if any (the component provides it). */
      focusField: (_, _params: { field: F | undefined }) => {},
      succeeded: (_, _params: { result: R }) => {},
      reset: assign(({ context }) => ({
        values: { ...emptyValues },
        fields: context.fields,
        errors: {},
        formError: null,
        result: null,
      })),
    },
    guards: {
      isValid: ({ context }) => hasNoErrors(config.validate(context.values, context.fields)),
    },
  }).createMachine({
    id: config.id,
    initial: 'editing',
    context: ({ input }) => ({
      values: { ...emptyValues, ...input?.values },
      fields: input?.fields ?? config.fields,
      errors: {},
      formError: null,
      result: null,
    }),
    states: {
      editing: { on: editingEvents },
      submitting: {
        invoke: {
          src: 'submit',
          input: ({ context }) => context.values,
          onDone: {
            target: 'success',
            actions: [
              { type: 'storeResult', params: ({ event }) => ({ result: event.output }) },
              { type: 'succeeded', params: ({ event }) => ({ result: event.output as R }) },
            ],
          },
          onError: {
            target: 'failure',
            actions: { type: 'storeFailure', params: ({ event }) => ({ error: event.error }) },
          },
        },
      },
      failure: { entry: focusFirstInvalid, on: editingEvents },
      success: { on: { 'form.reset': { target: 'editing', actions: 'reset' } } },
    },
  })
}

/** The `submit` actor a component provides: the form's values in, the server's answer out. */
export function formSubmitter<F extends string, R>(submit: (values: Record<F, string>) => Promise<R>) {
  return fromPromise<unknown, Record<string, string>>(({ input }) => submit(input as Record<F, string>))
}
