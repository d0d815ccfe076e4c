import { useEffect, useState, type KeyboardEvent, type MouseEvent, type RefObject } from 'react'

/** How the user asked to open: a keyboard open puts focus on the first item, as Radix does itself later on. */
export type OpenedWith = 'pointer' | 'keyboard'

export interface FirstOpen<C> {
  /** The widget's code once loaded, and how the user asked to open it (null when it loaded closed). */
  loaded: { impl: C; openedWith: OpenedWith | null } | null
  /** Loads the code and then opens; what the stand-in does on a click. */
  open(openedWith: OpenedWith): void
  /** Event handlers of the stand-in trigger: start loading on hover or focus, open on click or ArrowDown. */
  standIn: {
    onPointerEnter(): void
    onFocus(): void
    onClick(event: MouseEvent): void
    onKeyDown(event: KeyboardEvent): void
  }
}

/**
 * For a Radix widget behind a button (a menu, a popover): its code (Radix, floating-ui) loads the first time
 * the user reaches for it, not with the screen. Until then a plain button with the same look and name stands
 * in; the click or key that asked to open is kept, and the widget opens as soon as its code is there. Once
 * loaded, later instances render the widget at once.
 */
export function loadOnFirstOpen<C>(load: () => Promise<C>): () => FirstOpen<C> {
  let cached: C | null = null
  let pending: Promise<C> | null = null
  const preload = () => {
    pending ??= load().then(
      (impl) => (cached = impl),
      (error: unknown) => {
        // A chunk that failed (offline before the service worker cached it) is tried again on the next open.
        pending = null
        throw error
      },
    )
    return pending
  }
  return function useFirstOpen(): FirstOpen<C> {
    const [loaded, setLoaded] = useState<FirstOpen<C>['loaded']>(() =>
      cached ? { impl: cached, openedWith: null } : null,
    )
    const open = (openedWith: OpenedWith) => {
      preload().then(
        (impl) => setLoaded({ impl, openedWith }),
        (error: unknown) => console.error('Widget code failed to load', error),
      )
    }
    const warm = () => void preload().catch(() => undefined)
    return {
      loaded,
      open,
      standIn: {
        onPointerEnter: warm,
        onFocus: warm,
        // Enter and Space click a button with `detail` 0.
        onClick: (event) => open(event.detail === 0 ? 'keyboard' : 'pointer'),
        onKeyDown: (event) => {
          if (event.key !== 'ArrowDown') return
          event.preventDefault()
          open('keyboard')
        },
      },
    }
  }
}

/**
 * Put inside a menu's content: on the first open, when it was asked for by a keyboard, focuses the first
 * item, as Radix does for the keys it sees itself (this one went to the stand-in). Its effect runs before the
 * content's own focus scope, which then finds focus inside and leaves it. Later opens are Radix's own.
 */
export function FirstItemFocus(props: {
  contentRef: RefObject<HTMLElement | null>
  openedWithRef: RefObject<OpenedWith | null>
}) {
  const { contentRef, openedWithRef } = props
  useEffect(() => {
    if (openedWithRef.current === 'keyboard')
      contentRef.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus({ preventScroll: true })
    openedWithRef.current = null
  }, [contentRef, openedWithRef])
  return null
}
