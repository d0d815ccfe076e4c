// @vitest-environment happy-dom
import { Dialog as RadixDialog } from 'radix-ui'
import { act } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Announcer } from '../../../src/components/shell/Announcer'
import { NoticeSnackbar } from '../../../src/components/shell/NoticeSnackbar'
import { mountComponent } from './support/mountComponent'

vi.mock('@tanstack/react-router', () => ({
  useNavigate: () => () => undefined,
  useRouterState: () => '/trips',
}))
vi.mock('../../../src/app/session/notices', () => ({
  useNotices: () => ({ current: null, dismiss: () => undefined }),
}))

/** The element is hidden from screen readers: it or one of its ancestors has `aria-hidden="true"`. */
const hiddenFromReaders = (element: Element) => element.closest('[aria-hidden="true"]') !== null

describe('the live regions while a modal dialog is open', () => {
  it('stay heard: the dialog hides the rest of the page from screen readers, but not the snackbar and the announcer', async () => {
    const container = mountComponent(
      <Announcer>
        <main>Trip details</main>
        <NoticeSnackbar />
        <RadixDialog.Root open>
          <RadixDialog.Portal>
            <RadixDialog.Content aria-describedby={undefined}>
              <RadixDialog.Title>Cancel trip</RadixDialog.Title>
            </RadixDialog.Content>
          </RadixDialog.Portal>
        </RadixDialog.Root>
      </Announcer>,
    )
    await act(async () => await new Promise((resolve) => setTimeout(resolve, 0)))
    // The dialog did hide the page behind it.
    expect(hiddenFromReaders(container.querySelector('main')!)).toBe(true)
    const regions = [...container.querySelectorAll('[role="status"], [role="alert"], [aria-live]')]
    // The snackbar's two and the announcer's two.
    expect(regions).toHaveLength(4)
    expect(regions.filter(hiddenFromReaders)).toEqual([])
  })
})
