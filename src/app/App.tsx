import { I18nProvider } from '@lingui/react'
import type { I18n } from '@lingui/core'
import { RouterProvider } from '@tanstack/react-router'
import { StartupSpinner } from '../components/shell/StartupSpinner'
import { EnvironmentProvider } from './environment'
import { PlatformProvider, type Platform } from './platform'
import type { PortalRouter } from './router'
import { StartupGate } from './startup/StartupGate'

export function App(props: { platform: Platform; router: PortalRouter; i18n: I18n }) {
  const { platform } = props
  return (
    <I18nProvider i18n={props.i18n}>
      <EnvironmentProvider value={platform.env}>
        <PlatformProvider value={platform}>
          <StartupGate fallback={<StartupSpinner />}>
            <RouterProvider router={props.router} />
          </StartupGate>
        </PlatformProvider>
      </EnvironmentProvider>
    </I18nProvider>
  )
}
