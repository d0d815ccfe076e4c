import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { Alert } from '../ui/Alert'
import { Button } from '../ui/Button'
import { Spinner } from '../ui/Spinner'

export interface MachineFormProps {
  form: { submit(): void; submitting: boolean; formError: string | null }
  submitLabel: string
  /** Shows a Cancel button when given (dialogs). */
  onCancel?: () => void
  children: ReactNode
}

/**
 * A form driven by a form machine: submits on Enter or the button, shows the error of the whole form, and
 * keeps the submit button busy while the call runs. Fields validate in the machine, not by the browser.
 */
export function MachineForm({ form, submitLabel, onCancel, children }: MachineFormProps) {
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        form.submit()
      }}
    >
      <div className="flex flex-col gap-4">{children}</div>
      {form.formError ? (
        <Alert severity="error" live className="mt-4">
          {form.formError}
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        {onCancel ? (
          <Button variant="secondary" onClick={onCancel}>
            <Trans id="common.cancel">Cancel</Trans>
          </Button>
        ) : null}
        <Button type="submit" disabled={form.submitting} aria-disabled={form.submitting}>
          {form.submitting ? <Spinner size={20} /> : null}
          {submitLabel}
        </Button>
      </div>
    </form>
  )
}
