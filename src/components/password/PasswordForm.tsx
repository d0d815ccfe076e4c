import { Trans, useLingui } from '@lingui/react/macro'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { passwordFormMachine } from '../../../machines/forms/passwordForm.machine'
import { useActions } from '../../app/data/actions'
import type { User } from '../../contract/account'
import { normalizeEmail } from '../../domain/email'
import { passwordFields, type PasswordField, type PasswordFormMode } from '../../domain/passwordForm'
import { MachineForm } from '../forms/MachineForm'
import { useFormMachine } from '../forms/useFormMachine'
import { Alert } from '../ui/Alert'
import { buttonClasses } from '../ui/Button'
import { TextField } from '../ui/TextField'

export interface PasswordFormProps {
  user: User
  mode: PasswordFormMode
}

/**
 * Changes the password, or creates a username and password (with the email that recovers it) for a user who logs
 * in with strong authentication.
 */
export function PasswordForm({ user, mode }: PasswordFormProps) {
  const { t } = useLingui()
  const fields = passwordFields(mode)
  const { createLogin, changePassword } = useActions()
  const form = useFormMachine(passwordFormMachine, {
    input: { fields, values: { email: user.email ?? '' } },
    submit: (values) =>
      mode.kind === 'create'
        ? createLogin({
            userName: values.userName.trim(),
            email: normalizeEmail(values.email),
            password: values.password,
          })
        : changePassword({
            userName: user.userName ?? '',
            password: values.password,
            ...(mode.askCurrent ? { currentPassword: values.currentPassword } : {}),
          }),
  })

  if (form.succeeded) return <PasswordDone created={mode.kind === 'create'} />

  const labels: Record<PasswordField, string> = {
    userName: t({ id: 'password.username', message: 'Username' }),
    email: t({ id: 'password.email', message: 'Email' }),
    currentPassword: t({ id: 'password.current_password', message: 'Current password' }),
    password: t({ id: 'password.new_password', message: 'New password' }),
    confirmation: t({ id: 'password.confirm_password', message: 'Confirm new password' }),
  }
  const autoComplete: Record<PasswordField, string> = {
    userName: 'username',
    email: 'email',
    currentPassword: 'current-password',
    password: 'new-password',
    confirmation: 'new-password',
  }
  const descriptions: Partial<Record<PasswordField, string>> = {
    userName: t({ id: 'password.username_hint', message: '4 to 256 characters.' }),
    email: t({ id: 'password.email_hint', message: 'Needed if you forget your password.' }),
    password: t({
      id: 'password.rules_hint',
      message:
        'At least 12 characters, with an uppercase and a lowercase letter, a digit and a special character, such as ! or #.',
    }),
  }
  const types: Partial<Record<PasswordField, string>> = { userName: 'text', email: 'email' }

  return (
    <MachineForm
      form={form}
      submitLabel={
        mode.kind === 'create'
          ? t({ id: 'password.create_submit', message: 'Create login' })
          : t({ id: 'password.change_submit', message: 'Change password' })
      }
    >
      {mode.kind === 'create' ? (
        <p>
          <Trans id="password.create_intro">
            You log in with strong authentication. Create a username and a password to log in with them too,
            and give the email address that recovers a forgotten password.
          </Trans>
        </p>
      ) : null}
      {fields.map((name) => (
        <TextField
          key={name}
          {...form.field(name)}
          label={labels[name]}
          description={descriptions[name]}
          type={types[name] ?? 'password'}
          autoComplete={autoComplete[name]}
          required
        />
      ))}
    </MachineForm>
  )
}

/**
 * What the form gives way to once the password is saved. The form and its button are gone, so the notice takes
 * the focus they had: left alone it falls to the page's body, and a keyboard user starts again from the top.
 * The focus reads it, so it is not announced as well.
 */
function PasswordDone({ created }: { created: boolean }) {
  const notice = useRef<HTMLDivElement>(null)
  useEffect(() => notice.current?.focus(), [])
  return (
    <div className="flex flex-col items-start gap-4">
      <div ref={notice} tabIndex={-1} className="outline-none">
        <Alert severity="success">
          {created ? (
            <Trans id="password.done_created">
              Your login has been created. You can now also log in with your username and password.
            </Trans>
          ) : (
            <Trans id="password.done_changed">Your password has been changed.</Trans>
          )}
        </Alert>
      </div>
      <Link to="/personal-info" className={buttonClasses('secondary')}>
        <Trans id="password.to_personal_info">Show personal information</Trans>
      </Link>
    </div>
  )
}
