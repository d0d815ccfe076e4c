import { I18nProvider } from '@lingui/react'
import type { I18n } from '@lingui/core'
import { RouterProvider } from '@tanstack/react-router'
import { StartupSpinner } from '../components/shell/StartupSpinner'
import { EnvironmentProvider } from './environment'
import type { Platform } from './platform'
import { StartupGate } from './StartupGate'

export function App(props: { platform: Platform; i18n: I18n }) {
  const { platform } = props
  return (
    <I18nProvider i18n={props.i18n}>
      <EnvironmentProvider value={platform.env}>
        <StartupGate fallback={<StartupSpinner />}>
          <RouterProvider router={platform.router} />
        </StartupGate>
      </EnvironmentProvider>
    </I18nProvider>
  )
}
