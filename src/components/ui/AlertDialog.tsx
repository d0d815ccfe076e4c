import { AlertDialog as RadixAlertDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { buttonClasses, modalPanelClasses, overlayClasses } from './classes'
import { useReturnFocus } from './returnFocus'

export interface ConfirmDialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  title: ReactNode
  description: ReactNode
  confirmLabel: string
  cancelLabel: string
  onConfirm(): void
}

/** Asks the user to confirm or cancel; focus starts on Cancel, the safe choice. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const focus = useReturnFocus()
  return (
    <RadixAlertDialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixAlertDialog.Portal>
        <RadixAlertDialog.Overlay className={overlayClasses} />
        <RadixAlertDialog.Content
          className={modalPanelClasses}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
        >
          <RadixAlertDialog.Title className="text-xl font-bold">{props.title}</RadixAlertDialog.Title>
          <RadixAlertDialog.Description className="mt-2 break-words">
            {props.description}
          </RadixAlertDialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <RadixAlertDialog.Cancel className={buttonClasses('secondary')}>
              {props.cancelLabel}
            </RadixAlertDialog.Cancel>
            <RadixAlertDialog.Action className={buttonClasses('primary')} onClick={props.onConfirm}>
              {props.confirmLabel}
            </RadixAlertDialog.Action>
          </div>
        </RadixAlertDialog.Content>
      </RadixAlertDialog.Portal>
    </RadixAlertDialog.Root>
  )
}
