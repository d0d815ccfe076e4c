// @vitest-environment happy-dom
import { act, Component, Suspense, useState, type ComponentType, type ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { lazyPart, onDemand, partOf } from '../../../src/components/ui/lazyPart'
import { lazyDialog, loadOnFirstOpen, StandIn } from '../../../src/components/ui/loadOnFirstOpen'
import { mountComponent } from './support/mountComponent'

const chunkError = () => new TypeError('Failed to fetch dynamically imported module: /assets/Part-x.js')
const notice = 'This needs a connection once; try again when you are online'

/**
 * Mounts what suspends on a load in an awaited act (mountComponent's act is not awaited, and React would not
 * render again when the load settles).
 */
async function mountSuspending(node: ReactNode): Promise<HTMLElement> {
  let show = () => undefined as void
  function Later() {
    const [shown, setShown] = useState(false)
    show = () => setShown(true)
    return shown ? node : null
  }
  const container = mountComponent(<Later />)
  await act(async () => show())
  return container
}

/** Lets the loads' promises settle and React render what they brought. */
const settle = () => act(async () => await new Promise((resolve) => setTimeout(resolve, 0)))

const buttonNamed = (container: HTMLElement, name: string) =>
  [...container.querySelectorAll('button')].find((button) => button.textContent === name)

async function press(button: HTMLButtonElement | undefined) {
  expect(button).toBeDefined()
  await act(async () => button?.click())
  await settle()
}

/** A loader that fails until `online()` is called. */
function flakyLoad<T>(value: T) {
  let up = false
  const load = vi.fn(() => (up ? Promise.resolve(value) : Promise.reject(chunkError())))
  return { load, online: () => void (up = true) }
}

describe('lazyPart', () => {
  it('shows the notice in place when its code does not load, and the part after "Try again"', async () => {
    const { load, online } = flakyLoad(function Step({ name }: { name: string }) {
      return <input aria-label={name} />
    })
    const Step = lazyPart(load)
    const container = await mountSuspending(
      <Suspense fallback={<p>Loading</p>}>
        <Step name="Reason" />
      </Suspense>,
    )
    await settle()
    const status = container.querySelector('[role="status"]')
    expect(status?.textContent).toBe(notice)
    expect(container.querySelector('input')).toBeNull()

    // Still offline: the same notice, and the load was tried again (a failure is not kept).
    await press(buttonNamed(container, 'Try again'))
    expect(load).toHaveBeenCalledTimes(2)
    expect(container.querySelector('[role="status"]')?.textContent).toBe(notice)

    online()
    const retry = buttonNamed(container, 'Try again')
    retry?.focus()
    await press(retry)
    const input = container.querySelector('input')
    expect(input?.getAttribute('aria-label')).toBe('Reason')
    expect(container.textContent).not.toContain(notice)
    // Focus was on the notice, which has gone: it moves into the part that took its place.
    expect(document.activeElement).toBe(input)
  })

  it('keeps a quiet part out of sight and brings it back with another part\'s "Try again"', async () => {
    const status = flakyLoad(() => <p>Synced</p>)
    const nav = flakyLoad(() => <nav>Bottom navigation</nav>)
    const SyncStatus = lazyPart(status.load)
    const BottomNav = lazyPart(nav.load, { quiet: true })
    const container = await mountSuspending(
      <Suspense fallback={null}>
        <SyncStatus />
        <BottomNav />
      </Suspense>,
    )
    await settle()
    expect(container.querySelectorAll('[role="status"]')).toHaveLength(1)
    expect(container.querySelector('nav')).toBeNull()

    status.online()
    nav.online()
    await press(buttonNamed(container, 'Try again'))
    expect(container.textContent).toContain('Synced')
    expect(container.querySelector('nav')?.textContent).toBe('Bottom navigation')
  })

  it('renders the parts of a module loaded before the first render at once, without suspending', async () => {
    const shell = onDemand(() =>
      Promise.resolve({ Nav: () => <nav>Shortcuts</nav>, Status: () => <p>Synced</p> }),
    )
    await shell.load()
    const Nav = partOf(shell, (module) => module.Nav, { quiet: true })
    const Status = partOf(shell, (module) => module.Status)
    // No settling: a part that suspended would show the fallback here (and React reveals it up to 300 ms later).
    const container = mountComponent(
      <Suspense fallback={<p>Loading</p>}>
        <Status />
        <Nav />
      </Suspense>,
    )
    expect(container.textContent).toBe('SyncedShortcuts')
  })

  it('lets an error of a part that did load go to the boundary above it', async () => {
    const Broken = lazyPart(() =>
      Promise.resolve(function Broken(): never {
        throw new Error('a bug')
      }),
    )
    const caught = vi.fn()
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const container = await mountSuspending(
      <Suspense fallback={null}>
        <Outer onError={caught}>
          <Broken />
        </Outer>
      </Suspense>,
    )
    await settle()
    spy.mockRestore()
    expect(container.textContent).not.toContain(notice)
    expect(caught).toHaveBeenCalledWith('a bug')
  })
})

describe('lazyDialog', () => {
  function Opener({
    Dialog,
  }: {
    Dialog: ComponentType<{ open: boolean; onOpenChange(open: boolean): void }>
  }) {
    const [open, setOpen] = useState(false)
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Cancel trip
        </button>
        <Dialog open={open} onOpenChange={setOpen} />
      </>
    )
  }

  it('reports itself closed when its code does not load, so its opener and "Try again" both retry', async () => {
    const { load, online } = flakyLoad(({ open }: { open: boolean }) =>
      open ? <div role="dialog">Form</div> : null,
    )
    const Dialog = lazyDialog(load)
    const container = mountComponent(<Opener Dialog={Dialog} />)
    const opener = buttonNamed(container, 'Cancel trip')
    opener?.focus()
    await press(opener)
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(notice)
    expect(container.querySelector('[role="dialog"]')).toBeNull()

    // The opener is not a dead button: it asks again.
    await press(opener)
    expect(load).toHaveBeenCalledTimes(2)
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(notice)

    online()
    await press(buttonNamed(container, 'Try again'))
    expect(container.querySelector('[role="dialog"]')?.textContent).toBe('Form')
    expect(container.querySelector('[role="alert"]')).toBeNull()
    // Focus went back to the opener before the dialog opened, so the dialog returns it there on close.
    expect(document.activeElement).toBe(opener)
  })
})

describe('StandIn', () => {
  it('floats the notice under a menu button whose code did not load; "Try again" opens as the button does', async () => {
    const { load, online } = flakyLoad('menu code')
    const useMenuCode = loadOnFirstOpen(load)
    function Menu() {
      const code = useMenuCode()
      if (code.loaded) return <p>{`Opened with ${code.loaded.openedWith ?? 'nothing'}`}</p>
      return <StandIn failures={code.failures} aria-haspopup="menu" aria-label="Account" {...code.standIn} />
    }
    const container = mountComponent(<Menu />)
    const account = container.querySelector<HTMLButtonElement>('button[aria-label="Account"]') ?? undefined
    await press(account)
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(notice)

    // Like the menu, Escape closes the notice and focus goes back to the button; asking again shows it again.
    const retry = buttonNamed(container, 'Try again')
    retry?.focus()
    await act(async () =>
      retry?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })),
    )
    expect(container.querySelector('[role="alert"]')).toBeNull()
    expect(document.activeElement).toBe(account)
    await press(account)
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(notice)

    online()
    await press(buttonNamed(container, 'Try again'))
    // A click from the keyboard (Enter or Space) has `detail` 0.
    expect(container.textContent).toBe('Opened with keyboard')
  })
})

/** An error boundary that reports what it caught. */
class Outer extends Component<{ onError(message: string): void; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override componentDidCatch(error: Error) {
    this.props.onError(error.message)
  }
  override render() {
    return this.state.failed ? null : this.props.children
  }
}
