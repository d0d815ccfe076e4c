import {
  useCallback,
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type ButtonHTMLAttributes,
  type ComponentType,
  type KeyboardEvent,
  type MouseEvent,
  type RefObject,
} from 'react'
import { LazyPartNotice, onDemand } from './lazyPart'

/** How the user asked to open: a keyboard open puts focus on the first item, as Radix does itself later on. */
export type OpenedWith = 'pointer' | 'keyboard'

export interface FirstOpen<C> {
  /** The widget's code once loaded, and how the user asked to open it (null when it loaded closed). */
  loaded: { impl: C; openedWith: OpenedWith | null } | null
  /** How often the code failed to load since this one asked (0: it has not): the notice shows, each announced. */
  failures: number
  /** Loads the code and then opens; what the stand-in does on a click. True once loaded, false if it failed. */
  open(openedWith: OpenedWith): Promise<boolean>
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
 * loaded, later instances render the widget at once. Code that fails to load is tried again on the next open.
 */
export function loadOnFirstOpen<C>(load: () => Promise<C>): () => FirstOpen<C> {
  const code = onDemand(load)
  return function useFirstOpen(): FirstOpen<C> {
    const [loaded, setLoaded] = useState<FirstOpen<C>['loaded']>(() => {
      const impl = code.value()
      return impl === undefined ? null : { impl, openedWith: null }
    })
    const [failures, setFailures] = useState(0)
    const open = useCallback(
      (openedWith: OpenedWith) =>
        code.load().then(
          (impl) => {
            setFailures(0)
            setLoaded({ impl, openedWith })
            return true
          },
          () => {
            setFailures((count) => count + 1)
            return false
          },
        ),
      [],
    )
    const warm = () => void code.load().catch(() => undefined)
    return {
      loaded,
      failures,
      open,
      standIn: {
        onPointerEnter: warm,
        onFocus: warm,
        // Enter and Space click a button with `detail` 0.
        onClick: (event) => void open(event.detail === 0 ? 'keyboard' : 'pointer'),
        onKeyDown: (event) => {
          if (event.key !== 'ArrowDown') return
          event.preventDefault()
          void open('keyboard')
        },
      },
    }
  }
}

/**
 * The stand-in trigger of a menu or popover: a plain button with the widget's look and name, and when its code
 * did not load, the notice floating under it where the widget would be; its "Try again" opens as the button does.
 * Like the widget, the notice closes on Escape (focus back on the button) or a press outside it.
 */
export function StandIn({
  failures,
  ...button
}: ButtonHTMLAttributes<HTMLButtonElement> & {
  failures: number
  onClick(event: MouseEvent<HTMLButtonElement>): void
}) {
  const place = useRef<HTMLDivElement>(null)
  const trigger = useRef<HTMLButtonElement>(null)
  // The failures seen when the notice was closed: a later one shows it again.
  const [closedAt, setClosedAt] = useState(0)
  const shown = failures > closedAt
  useEffect(() => {
    if (!shown) return
    const inside = (target: EventTarget | null) => target instanceof Node && place.current?.contains(target)
    const onPointerDown = (event: PointerEvent) => {
      if (!inside(event.target)) setClosedAt(failures)
    }
    const onKeyDown = (event: globalThis.KeyboardEvent) => {
      if (event.key !== 'Escape' || !inside(event.target)) return
      setClosedAt(failures)
      trigger.current?.focus()
    }
    document.addEventListener('pointerdown', onPointerDown)
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('pointerdown', onPointerDown)
      document.removeEventListener('keydown', onKeyDown)
    }
  }, [shown, failures])
  return (
    <div ref={place} className="relative inline-flex">
      <button ref={trigger} type="button" aria-expanded={false} {...button} />
      {shown ? <LazyPartNotice urgent place="floating" attempt={failures} onRetry={button.onClick} /> : null}
    </div>
  )
}

interface DialogLike {
  open: boolean
  onOpenChange(open: boolean): void
}

/**
 * A dialog whose code loads the first time it opens and then stays mounted (so Radix still animates the close
 * and returns focus). When the code does not load, the dialog reports itself closed, so the control that opened
 * it opens it again, and the notice shows over the page, where the dialog would have; its "Try again" loads and
 * opens, and "Close" takes it away.
 */
export function lazyDialog<P extends DialogLike>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const useCode = loadOnFirstOpen(load)
  return function LazyDialog(props: P) {
    const { loaded, failures, open } = useCode()
    // What had focus when it was asked for (its opener), where focus goes back before a retried open.
    const opener = useRef<Element | null>(null)
    // The failures seen when the notice was closed: a later one shows it again.
    const [closedAt, setClosedAt] = useState(0)
    const backToOpener = () => {
      if (opener.current instanceof HTMLElement && opener.current.isConnected) opener.current.focus()
    }
    const setOpen = useEffectEvent((value: boolean) => props.onOpenChange(value))
    const wanted = props.open && !loaded
    useEffect(() => {
      if (!wanted) return
      opener.current = document.activeElement
      void open('pointer').then((ok) => {
        if (!ok) setOpen(false)
      })
    }, [wanted, open])
    if (loaded) return <loaded.impl {...props} />
    if (failures <= closedAt) return null
    return (
      <LazyPartNotice
        urgent
        place="overlay"
        attempt={failures}
        onRetry={() =>
          void open('pointer').then((ok) => {
            if (!ok) return
            backToOpener()
            props.onOpenChange(true)
          })
        }
        onClose={() => {
          setClosedAt(failures)
          backToOpener()
        }}
      />
    )
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
