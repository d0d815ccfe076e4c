import { useLingui } from '@lingui/react/macro'
import { Dialog as RadixDialog } from 'radix-ui'
import type { ReactNode } from 'react'
import type { DialogProps } from './Dialog'
import { modalPanelClasses, overlayClasses } from './classes'
import { CloseIcon } from './icons'
import { useReturnFocus } from './returnFocus'

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
