import { Trans, useLingui } from '@lingui/react/macro'
import {
  Component,
  createRef,
  use,
  useLayoutEffect,
  useRef,
  type ComponentType,
  type MouseEvent,
  type ReactNode,
} from 'react'
import { Button } from './Button'
import { lazyNoticeClasses, type LazyNoticePlace } from './classes'
import { focusInto } from './returnFocus'

/**
 * Code loaded on demand, shared by every place that shows it. What loaded is kept; a failure (offline before
 * the service worker cached the chunk, an update that removed it, a bad connection) is kept only until someone
 * asks again, since a rejected import promise kept for good would make the part a dead end.
 */
export interface OnDemand<T> {
  /** The loaded value, or undefined before it loaded. */
  value(): T | undefined
  /** Whether the last attempt failed (and nothing has asked again since). */
  failed(): boolean
  /** The attempt under way or the last one, starting the first: what a render waits on (it never retries). */
  current(): Promise<T>
  /** Loads, starting a new attempt when the last one failed: what an open or a "Try again" asks. */
  load(): Promise<T>
}

export function onDemand<T>(load: () => Promise<T>): OnDemand<T> {
  let loaded: { value: T } | null = null
  let attempt: Promise<T> | null = null
  let failed = false
  const start = () => {
    failed = false
    const started: Promise<T> & { status?: 'fulfilled'; value?: T } = load().then(
      (value) => {
        loaded = { value }
        // As React marks a promise it has seen settle: `use` then reads the value without suspending, so a
        // part whose code has loaded renders at once, through the same `use` call as while it loaded.
        Object.assign(started, { status: 'fulfilled', value })
        return value
      },
      (error: unknown) => {
        failed = true
        throw error
      },
    )
    attempt = started
    return started
  }
  return {
    value: () => loaded?.value,
    failed: () => failed,
    current: () => attempt ?? start(),
    load: () => (attempt && !failed ? attempt : start()),
  }
}

/** Every failed part on the page; one "Try again" retries them all, since they failed for the same reason. */
const failedParts = new Set<() => void>()
const retryFailedParts = () => [...failedParts].forEach((retry) => retry())

export interface LazyPartNoticeProps {
  onRetry(event: MouseEvent<HTMLButtonElement>): void
  /** An alert, for a part the user just asked for (a dialog, a menu); else a polite status. */
  urgent?: boolean
  /**
   * `floating`: under the control that opens the part (a menu, a popover), where the part would have shown;
   * `overlay`: over the page, where a dialog would have shown; else in the flow.
   */
  place?: LazyNoticePlace
  /** Counts the failed attempts: each one is announced again. */
  attempt?: number
  /** Closes the notice (one over the page must not stay in the way): a "Close" button beside "Try again". */
  onClose?(): void
}

/**
 * Shown in place of a part whose code could not load: what it needs, and a button that tries again (so the
 * action that asked for the part is never a dead end).
 */
export function LazyPartNotice({
  onRetry,
  urgent = false,
  place = 'flow',
  attempt = 0,
  onClose,
}: LazyPartNoticeProps) {
  const { t } = useLingui()
  const box = useRef<HTMLDivElement>(null)
  // A floating notice under a control near the screen's edge is moved back into view (it starts at the
  // control's left edge).
  useLayoutEffect(() => {
    const element = box.current
    if (place !== 'floating' || !element) return
    const margin = 8
    const { left, right } = element.getBoundingClientRect()
    const overflow = Math.max(0, right - (document.documentElement.clientWidth - margin))
    const shift = left - overflow < margin ? margin - left : -overflow
    element.style.left = `${shift}px`
  }, [place])
  return (
    <div ref={box} className={lazyNoticeClasses(place)}>
      <p key={attempt} role={urgent ? 'alert' : 'status'} className="min-w-0 flex-1 basis-48">
        <Trans id="lazy_part.needs_connection">
          This needs a connection once; try again when you are online
        </Trans>
      </p>
      <Button variant="secondary" onClick={onRetry}>
        <Trans id="lazy_part.try_again">Try again</Trans>
      </Button>
      {onClose ? (
        <Button variant="secondary" onClick={onClose}>
          {t({ id: 'common.close', message: 'Close' })}
        </Button>
      ) : null}
    </div>
  )
}

interface BoundaryProps {
  code: OnDemand<unknown>
  quiet: boolean
  children: ReactNode
}

interface BoundaryState {
  error: { thrown: unknown } | null
  attempt: number
}

/** Catches a failed load below it and shows the notice; anything else thrown goes on to the next boundary. */
class LazyPartBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, attempt: 0 }
  private readonly place = createRef<HTMLDivElement>()
  private retrying = false
  private refocus = false

  static getDerivedStateFromError(thrown: unknown): Partial<BoundaryState> {
    return { error: { thrown } }
  }

  private readonly retry = () => {
    if (this.retrying) return
    this.retrying = true
    // The notice goes when the part comes: focus moves into the part if it was on the notice.
    this.refocus = this.place.current?.contains(document.activeElement) ?? false
    this.props.code.load().then(
      () => {
        this.retrying = false
        this.setState({ error: null })
      },
      () => {
        this.retrying = false
        this.setState((state) => ({ attempt: state.attempt + 1 }))
      },
    )
  }

  override componentDidMount() {
    if (this.state.error) failedParts.add(this.retry)
  }

  override componentDidUpdate(_: BoundaryProps, previous: BoundaryState) {
    if (this.state.error) failedParts.add(this.retry)
    else failedParts.delete(this.retry)
    if (previous.error && !this.state.error && this.refocus) {
      this.refocus = false
      const active = document.activeElement
      if (!active || active === document.body) focusInto(this.place.current)
    }
  }

  override componentWillUnmount() {
    failedParts.delete(this.retry)
  }

  override render() {
    const { error, attempt } = this.state
    // A part that loaded and then failed to render is not a connection problem (while a retry is under way,
    // the load has not failed again yet).
    if (error && !this.retrying && !this.props.code.failed()) throw error.thrown
    const content = error ? (
      this.props.quiet ? null : (
        <LazyPartNotice onRetry={retryFailedParts} attempt={attempt} />
      )
    ) : (
      this.props.children
    )
    // `contents`: the wrapper takes no box, so the part lays out as if it were not there.
    return (
      <div ref={this.place} className="contents" data-lazy-part>
        {content}
      </div>
    )
  }
}

export interface LazyPartOptions {
  /**
   * Shows nothing when its code does not load, for a part with no place of its own (a dialog that opens by
   * itself) or one whose chunk another part shares and reports; it comes back with that part's "Try again".
   */
  quiet?: boolean
}

/**
 * React.lazy for a part of a screen, with a way back: while the code loads it suspends to the nearest
 * Suspense; when it fails, `LazyPartNotice` shows in its place and its "Try again" loads it again.
 */
export function lazyPart<P extends object>(
  load: () => Promise<ComponentType<P>>,
  options: LazyPartOptions = {},
): ComponentType<P> {
  return partOf(onDemand(load), (Part) => Part, options)
}

/**
 * A part picked from a module loaded on demand that other parts share: once the module is in, every part renders
 * at once, not a suspension later (React then reveals the parts it suspended up to 300 ms after the rest).
 */
export function partOf<M, P extends object>(
  code: OnDemand<M>,
  pick: (module: M) => ComponentType<P>,
  { quiet = false }: LazyPartOptions = {},
): ComponentType<P> {
  function Loaded(props: P) {
    const Part = pick(use(code.current()))
    // Not created here: it is the loaded module's component, the same on every render.
    // eslint-disable-next-line react-hooks/static-components
    return <Part {...props} />
  }
  return function LazyPart(props: P) {
    return (
      <LazyPartBoundary code={code} quiet={quiet}>
        <Loaded {...props} />
      </LazyPartBoundary>
    )
  }
}
