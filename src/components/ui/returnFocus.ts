import { useRef } from 'react'

/**
 * Radix returns focus on close only to a `Dialog.Trigger`; our dialogs open from plain buttons, so without
 * this focus would drop to the page body. It remembers what had focus when the dialog opened and focuses it
 * again on close, unless the dialog's own `onCloseAutoFocus` chose another place (it calls preventDefault).
 */
export function useReturnFocus(onCloseAutoFocus?: (event: Event) => void) {
  const opener = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: () => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event)
      if (event.defaultPrevented) return
      event.preventDefault()
      if (opener.current?.isConnected) opener.current.focus()
    },
  }
}

/** Focuses the first heading or control inside `container` (a part that replaced what had focus). */
export function focusInto(container: Element | null) {
  container
    ?.querySelector<HTMLElement>('h1, h2, [tabindex="-1"], a[href], button, input, select, textarea')
    ?.focus()
}
