import { useLingui } from '@lingui/react/macro'
import { editInitialsMachine } from '../../../machines/forms/editInitials.machine'
import { useActions } from '../../app/data/actions'
import type { Passenger } from '../../contract/passenger'
import { normalizeInitials } from '../../domain/passengerForms'
import { MachineForm } from '../forms/MachineForm'
import { useFormMachine } from '../forms/useFormMachine'
import { useSavedThenClose } from '../forms/useSavedThenClose'
import { Dialog } from '../ui/Dialog'
import { TextField } from '../ui/TextField'

export interface EditInitialsDialogProps {
  /** The passenger whose initials are edited; null when the dialog is closed. */
  passenger: Passenger | null
  onClose(): void
}

/** Edits a passenger's avatar initials (1 to 2 characters); a fresh form machine each time it opens. */
export function EditInitialsDialog({ passenger, onClose }: EditInitialsDialogProps) {
  const { t } = useLingui()
  const name = passenger?.name ?? ''
  return (
    <Dialog
      open={passenger !== null}
      onOpenChange={(open) => {
        if (!open) onClose()
      }}
      title={t({ id: 'passenger.edit_title', message: 'Edit initials' })}
      description={t({
        id: 'passenger.edit_description',
        message: `The initials shown in the icon of ${name}.`,
      })}
    >
      {passenger ? <EditInitialsForm key={passenger.id} passenger={passenger} onClose={onClose} /> : null}
    </Dialog>
  )
}

function EditInitialsForm({ passenger, onClose }: { passenger: Passenger; onClose(): void }) {
  const { t } = useLingui()
  const savedThenClose = useSavedThenClose(onClose)
  const { updatePassenger } = useActions()
  const form = useFormMachine(editInitialsMachine, {
    input: { values: { initials: passenger.avatarText } },
    submit: (values) => updatePassenger(passenger.id, normalizeInitials(values.initials)),
    onSuccess: savedThenClose,
  })
  return (
    <MachineForm form={form} submitLabel={t({ id: 'common.save', message: 'Save' })} onCancel={onClose}>
      <TextField
        {...form.field('initials')}
        label={t({ id: 'passenger.initials', message: 'Initials' })}
        description={t({ id: 'passenger.initials_hint', message: '1 or 2 characters' })}
        autoComplete="off"
        autoCapitalize="characters"
        required
      />
    </MachineForm>
  )
}
