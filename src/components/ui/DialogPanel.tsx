import { useLingui } from '@lingui/react/macro'
import { Dialog as RadixDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import { modalPanelClasses, overlayClasses } from './classes'
import { CloseIcon } from './icons'
import { useReturnFocus } from './returnFocus'

/** Declared here, beside the code loaded on first open, so the wrapper imports this module for types only. */
export interface DialogProps {
  open: boolean
  onOpenChange(open: boolean): void
  title: ReactNode
  /** Spoken with the title when the dialog opens. */
  description?: ReactNode
  children: ReactNode
  /**
   * Where focus goes on close; by default back to the control that opened the dialog. A dialog whose action
   * removes that control calls `event.preventDefault()` and focuses something that stays.
   */
  onCloseAutoFocus?: (event: Event) => void
}

/** The Radix side of Dialog, loaded the first time a dialog opens. */
export function DialogPanel({
  open,
  onOpenChange,
  title,
  description,
  children,
  onCloseAutoFocus,
}: DialogProps) {
  const { t } = useLingui()
  const focus = useReturnFocus(onCloseAutoFocus)
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClasses} />
        <RadixDialog.Content
          className={modalPanelClasses}
          onOpenAutoFocus={focus.onOpenAutoFocus}
          onCloseAutoFocus={focus.onCloseAutoFocus}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <DialogHeader title={title} closeLabel={t({ id: 'common.close', message: 'Close' })} />
          {description ? (
            <RadixDialog.Description className="mt-2 text-muted">{description}</RadixDialog.Description>
          ) : null}
          <div className="mt-4">{children}</div>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}

/** A dialog's title with its close button (an icon, named by `closeLabel`); also the side drawer's. */
export function DialogHeader({
  title,
  closeLabel,
  className = '',
}: {
  title: ReactNode
  closeLabel: string
  className?: string
}) {
  return (
    <div className={`flex items-center justify-between gap-4 ${className}`}>
      <RadixDialog.Title className="text-xl font-bold">{title}</RadixDialog.Title>
      <RadixDialog.Close
        className="-m-2 inline-flex min-h-comfortable min-w-comfortable shrink-0 items-center justify-center rounded-lg"
        aria-label={closeLabel}
      >
        <CloseIcon />
      </RadixDialog.Close>
    </div>
  )
}
