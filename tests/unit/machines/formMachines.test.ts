import { describe, expect, it, vi } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import { addPassengerMachine } from '../../../machines/forms/addPassenger.machine'
import { editInitialsMachine } from '../../../machines/forms/editInitials.machine'
import { emailFormMachine } from '../../../machines/forms/emailForm.machine'
import { formSubmitter } from '../../../machines/forms/formSubmit.machine'
import { passwordFormMachine } from '../../../machines/forms/passwordForm.machine'
import { passengerOf } from '../db/samples'

const apiFailure = (status: number, body: unknown = null) =>
  Object.assign(new Error(`HTTP ${status}`), { status, body })

/** Runs the add passenger machine with a fake API call and spies for the component's actions. */
function addPassenger(submit: (token: string) => Promise<unknown>) {
  const focusField = vi.fn()
  const succeeded = vi.fn()
  const calls: string[] = []
  const machine = addPassengerMachine.provide({
    actors: {
      submit: formSubmitter<'token', unknown>((values) => {
        calls.push(values.token)
        return submit(values.token)
      }),
    },
    actions: {
      focusField: (_, params) => focusField(params.field),
      succeeded: (_, params) => succeeded(params.result),
    },
  })
  const actor = createActor(machine, { input: {} }).start()
  const type = (value: string) => actor.send({ type: 'field.change', field: 'token', value })
  return { actor, type, calls, focusField, succeeded }
}

describe('add passenger machine', () => {
  it('does not submit a token shorter than 2 characters, and focuses the field', () => {
    const { actor, type, calls, focusField } = addPassenger(() => Promise.resolve(passengerOf('p1', 'Aino')))
    type('A')
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.errors).toEqual({ token: ['TokenTooShort'] })
    expect(focusField).toHaveBeenCalledWith('token')
    expect(calls).toEqual([])
  })

  it('clears a field error when the field changes', () => {
    const { actor, type } = addPassenger(() => Promise.resolve(null))
    actor.send({ type: 'form.submit' })
    type('AB')
    expect(actor.getSnapshot().context.errors).toEqual({})
  })

  it('submits, then reports success with the passenger', async () => {
    const passenger = passengerOf('p1', 'Aino')
    const { actor, type, calls, succeeded } = addPassenger(() => Promise.resolve(passenger))
    type('LISAA-1001')
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().value).toBe('submitting')
    await waitFor(actor, (snapshot) => snapshot.matches('success'))
    expect(calls).toEqual(['LISAA-1001'])
    expect(succeeded).toHaveBeenCalledWith(passenger)
    expect(actor.getSnapshot().context.result).toBe(passenger)
  })

  it('shows a 404 as an invalid token on the field and focuses it again', async () => {
    const { actor, type, focusField, succeeded } = addPassenger(() => Promise.reject(apiFailure(404)))
    type('NOPE-0000')
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('failure'))
    expect(actor.getSnapshot().context.errors).toEqual({ token: ['InvalidToken'] })
    expect(focusField).toHaveBeenCalledWith('token')
    expect(succeeded).not.toHaveBeenCalled()
  })

  it('can try again from a failure', async () => {
    let attempt = 0
    const { actor, type } = addPassenger(() =>
      ++attempt === 1 ? Promise.reject(apiFailure(500)) : Promise.resolve(passengerOf('p1', 'Aino')),
    )
    type('LISAA-1002')
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('failure'))
    expect(actor.getSnapshot().context.formError).toBe('GenericSaveError')
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('success'))
    expect(actor.getSnapshot().context.formError).toBeNull()
  })
})

describe('edit initials machine', () => {
  it('starts from the given initials and rejects more than two characters', () => {
    const actor = createActor(editInitialsMachine, { input: { values: { initials: 'AV' } } }).start()
    expect(actor.getSnapshot().context.values.initials).toBe('AV')
    actor.send({ type: 'field.change', field: 'initials', value: 'AVX' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context.errors).toEqual({ initials: ['LengthBetweenOneAndTwo'] })
  })

  it('shows any save failure as the generic save error', async () => {
    const machine = editInitialsMachine.provide({
      actors: { submit: fromPromise(() => Promise.reject(apiFailure(500))) },
    })
    const actor = createActor(machine, { input: { values: { initials: 'AV' } } }).start()
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('failure'))
    expect(actor.getSnapshot().context).toMatchObject({ errors: {}, formError: 'GenericSaveError' })
  })
})

describe('email form machine', () => {
  it('starts from the current email, and sends nothing invalid', () => {
    const submit = vi.fn(() => Promise.resolve(null))
    const machine = emailFormMachine.provide({ actors: { submit: formSubmitter(submit) } })
    const actor = createActor(machine, { input: { values: { email: 'aino@example.fi' } } }).start()
    expect(actor.getSnapshot().context.values.email).toBe('aino@example.fi')
    actor.send({ type: 'field.change', field: 'email', value: 'aino@example' })
    actor.send({ type: 'form.submit' })
    expect(actor.getSnapshot().context.errors).toEqual({ email: ['InvalidEmail'] })
    expect(submit).not.toHaveBeenCalled()
  })

  it('puts the server’s refusal of the email on the field', async () => {
    const refusal = apiFailure(400, {
      statusCode: 400,
      code: 'validation_failed',
      message: 'Invalid',
      errors: [{ property: 'email', error: 'InvalidEmail' }],
    })
    const machine = emailFormMachine.provide({
      actors: { submit: fromPromise(() => Promise.reject(refusal)) },
    })
    const actor = createActor(machine, { input: { values: { email: 'aino@example.fi' } } }).start()
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('failure'))
    expect(actor.getSnapshot().context).toMatchObject({
      errors: { email: ['InvalidEmail'] },
      formError: null,
    })
  })
})

describe('password form machine', () => {
  const changeFields = ['currentPassword', 'password', 'confirmation'] as const

  function fill(
    actor: ReturnType<typeof createActor<typeof passwordFormMachine>>,
    values: Record<string, string>,
  ) {
    for (const [field, value] of Object.entries(values)) {
      actor.send({ type: 'field.change', field: field as 'password', value })
    }
  }

  it('validates only the fields it shows', () => {
    const actor = createActor(passwordFormMachine, { input: { fields: changeFields } }).start()
    actor.send({ type: 'form.submit' })
    expect(Object.keys(actor.getSnapshot().context.errors)).toEqual([...changeFields])
  })

  it('maps the server 400 field errors to the fields and returns to editing on a change', async () => {
    const machine = passwordFormMachine.provide({
      actors: {
        submit: fromPromise(() =>
          Promise.reject(
            apiFailure(400, {
              statusCode: 400,
              code: 'validation_failed',
              message: 'Invalid',
              errors: [{ property: 'currentPassword', error: 'PasswordMismatch' }],
            }),
          ),
        ),
      },
    })
    const actor = createActor(machine, { input: { fields: changeFields } }).start()
    fill(actor, { currentPassword: 'wrong', password: 'Kesä-Loma-2026!', confirmation: 'Kesä-Loma-2026!' })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('failure'))
    expect(actor.getSnapshot().context.errors).toEqual({ currentPassword: ['PasswordMismatch'] })
    fill(actor, { currentPassword: 'right' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.errors).toEqual({})
  })

  it('ends in success, and a reset empties the form', async () => {
    const machine = passwordFormMachine.provide({
      actors: { submit: formSubmitter(() => Promise.resolve({ hasPassword: true })) },
    })
    const actor = createActor(machine, { input: { fields: ['password', 'confirmation'] } }).start()
    fill(actor, { password: 'Kesä-Loma-2026!', confirmation: 'Kesä-Loma-2026!' })
    actor.send({ type: 'form.submit' })
    await waitFor(actor, (snapshot) => snapshot.matches('success'))
    actor.send({ type: 'form.reset' })
    expect(actor.getSnapshot().value).toBe('editing')
    expect(actor.getSnapshot().context.values.password).toBe('')
    expect(actor.getSnapshot().context.fields).toEqual(['password', 'confirmation'])
  })
})
