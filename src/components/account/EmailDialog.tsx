import { useLingui } from '@lingui/react/macro'
import { emailFormMachine } from '../../../machines/forms/emailForm.machine'
import { useActions } from '../../app/data/actions'
import { normalizeEmail } from '../../domain/email'
import { MachineForm } from '../forms/MachineForm'
import { useFormMachine } from '../forms/useFormMachine'
import { useSavedThenClose } from '../forms/useSavedThenClose'
import { Dialog } from '../ui/Dialog'
import { TextField } from '../ui/TextField'

export interface EmailDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  /** The user's email now, which the field starts from. */
  email: string | null
}

/** Sets or changes the user's email (spec sections 2 and 5: it must be valid; it recovers a password). */
export function EmailDialog({ open, onOpenChange, email }: EmailDialogProps) {
  const { t } = useLingui()
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t({ id: 'personal_info.email_title', message: 'Email address' })}
      description={t({
        id: 'personal_info.email_description',
        message: 'An email address is needed to recover a forgotten password.',
      })}
    >
      <EmailForm email={email} onClose={() => onOpenChange(false)} />
    </Dialog>
  )
}

function EmailForm({ email, onClose }: { email: string | null; onClose(): void }) {
  const { t } = useLingui()
  const savedThenClose = useSavedThenClose(onClose)
  const { changeEmail } = useActions()
  const form = useFormMachine(emailFormMachine, {
    input: { values: { email: email ?? '' } },
    submit: (values) => changeEmail({ email: normalizeEmail(values.email) }),
    onSuccess: savedThenClose,
  })
  return (
    <MachineForm form={form} submitLabel={t({ id: 'common.save', message: 'Save' })} onCancel={onClose}>
      <TextField
        {...form.field('email')}
        label={t({ id: 'personal_info.email', message: 'Email' })}
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        required
      />
    </MachineForm>
  )
}
