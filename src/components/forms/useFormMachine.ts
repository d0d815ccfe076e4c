import { useLingui } from '@lingui/react/macro'
import { useMachine } from '@xstate/react'
import { useCallback, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react'
import type { createFormMachine, FormInput } from '../../../machines/forms/formSubmit.machine'
import { formWithEffects } from '../../app/effects/formCalls'
import type { FormErrorCode } from '../../domain/formErrors'
import { formErrorMessages } from './formErrorMessages'

type FormMachine<F extends string, R> = ReturnType<typeof createFormMachine<F, R>>

export interface FormMachineOptions<F extends string, R> {
  input?: FormInput<F>
  submit(values: Record<F, string>): Promise<R>
  onSuccess?(result: R): void
}

/**
 * Runs a form machine for a component: provides the API call, focuses the first field with an error, and
 * gives each field its value, change handler and translated error.
 */
export function useFormMachine<F extends string, R>(
  machine: FormMachine<F, R>,
  options: FormMachineOptions<F, R>,
) {
  const { t } = useLingui()
  const latest = useRef(options)
  useLayoutEffect(() => {
    latest.current = options
  })
  const inputs = useRef(new Map<F, HTMLInputElement>())
  const [provided] = useState(() =>
    formWithEffects(machine, {
      submit: (values) => latest.current.submit(values),
      focusField: (field) => inputs.current.get(field)?.focus(),
      succeeded: (result) => latest.current.onSuccess?.(result),
    }),
  )
  const [snapshot, send] = useMachine(provided, { input: options.input })
  const errorTexts = useCallback(
    (codes: readonly FormErrorCode[] | undefined) =>
      codes?.length ? codes.map((code) => t(formErrorMessages[code])) : null,
    [t],
  )

  const field = (name: F) => ({
    ref: (element: HTMLInputElement | null) => {
      if (element) inputs.current.set(name, element)
      else inputs.current.delete(name)
    },
    value: snapshot.context.values[name],
    onChange: (event: ChangeEvent<HTMLInputElement>) =>
      send({ type: 'field.change', field: name, value: event.target.value }),
    error: errorTexts(snapshot.context.errors[name]),
  })

  return {
    snapshot,
    send,
    field,
    submitting: snapshot.matches('submitting'),
    succeeded: snapshot.matches('success'),
    formError: snapshot.context.formError ? t(formErrorMessages[snapshot.context.formError]) : null,
    submit: () => send({ type: 'form.submit' }),
  }
}
