import { useLingui } from '@lingui/react/macro'
import { addPassengerMachine } from '../../../machines/forms/addPassenger.machine'
import { useActions } from '../../app/data/actions'
import { useNotices } from '../../app/session/notices'
import { MachineForm } from '../forms/MachineForm'
import { useFormMachine } from '../forms/useFormMachine'
import { Dialog } from '../ui/Dialog'
import { TextField } from '../ui/TextField'

export interface AddPassengerDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
}

/** Claims a passenger with an access code (spec: at least 2 characters; a rejected code is "Invalid token"). */
export function AddPassengerDialog({ open, onOpenChange }: AddPassengerDialogProps) {
  const { t } = useLingui()
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={t({ id: 'passenger.add_title', message: 'Add passenger' })}
      description={t({
        id: 'passenger.add_description',
        message:
          'Enter the access code of the passenger. You get it by text message or from the transport organiser.',
      })}
    >
      <AddPassengerForm onClose={() => onOpenChange(false)} />
    </Dialog>
  )
}

function AddPassengerForm({ onClose }: { onClose(): void }) {
  const { t } = useLingui()
  const { push } = useNotices()
  const { addPassenger } = useActions()
  const form = useFormMachine(addPassengerMachine, {
    submit: (values) => addPassenger(values.token.trim()),
    onSuccess: () => {
      push({
        severity: 'success',
        message: t({ id: 'passenger.success_passenger_added', message: 'Passenger added' }),
      })
      onClose()
    },
  })
  return (
    <MachineForm form={form} submitLabel={t({ id: 'passenger.add', message: 'Add' })} onCancel={onClose}>
      <TextField
        {...form.field('token')}
        label={t({ id: 'passenger.token', message: 'Access code' })}
        autoComplete="off"
        spellCheck={false}
        required
      />
    </MachineForm>
  )
}
