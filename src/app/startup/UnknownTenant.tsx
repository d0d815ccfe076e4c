import { Trans } from '@lingui/react/macro'

/** Shown instead of the portal when the host or path names no transport operator; there is no router. */
export function UnknownTenant(props: { requested: string }) {
  const { requested } = props
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col justify-center gap-4 p-6">
      <h1 className="text-2xl font-bold">
        <Trans id="app.unknown_tenant.title">Unknown transport operator</Trans>
      </h1>
      <p>
        <Trans id="app.unknown_tenant.text">
          There is no passenger portal at the address {requested}. Check the address you were given by your
          transport operator.
        </Trans>
      </p>
    </main>
  )
}
