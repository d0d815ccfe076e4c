import { formSubmitter, type createFormMachine } from '../../../machines/forms/formSubmit.machine'

type FormMachine<F extends string, R> = ReturnType<typeof createFormMachine<F, R>>

/** What a form's machine does outside itself: the call, the focus of a field with an error, and success. */
export interface FormEffects<F extends string, R> {
  submit(values: Record<F, string>): Promise<R>
  focusField(field: F): void
  succeeded(result: R): void
}

/** A form machine (machines/forms/formSubmit.machine.ts) with its effects, which the form's hook gives. */
export function formWithEffects<F extends string, R>(machine: FormMachine<F, R>, effects: FormEffects<F, R>) {
  return machine.provide({
    actors: { submit: formSubmitter<F, R>((values) => effects.submit(values)) },
    actions: {
      focusField: (_, { field }) => {
        if (field) effects.focusField(field)
      },
      succeeded: (_, { result }) => effects.succeeded(result),
    },
  })
}
