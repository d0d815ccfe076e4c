import { setupI18n } from '@lingui/core'
import { I18nProvider } from '@lingui/react'
import { act, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { afterEach } from 'vitest'

/** React warns unless it knows act() drives the updates; screens mounted otherwise wait without act(). */
const actEnvironment = (on: boolean) =>
  void ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = on)

const unmounts: (() => void)[] = []
afterEach(() => unmounts.splice(0).forEach((unmount) => unmount()))

/**
 * Renders a component in English (the source messages) in the test's happy-dom document, with act(), and
 * unmounts it after the test; the file runs in happy-dom (`// @vitest-environment happy-dom`).
 */
export function mountComponent(node: ReactNode): HTMLElement {
  actEnvironment(true)
  const container = document.body.appendChild(document.createElement('div'))
  const root = createRoot(container)
  const i18n = setupI18n({ locale: 'en', messages: { en: {} } })
  act(() => root.render(<I18nProvider i18n={i18n}>{node}</I18nProvider>))
  unmounts.push(() => {
    act(() => root.unmount())
    container.remove()
    actEnvironment(false)
  })
  return container
}
