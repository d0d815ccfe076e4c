import { Trans } from '@lingui/react/macro'
import { useId, useState } from 'react'
import { tenants, type TenantId } from '../../../tenants'
import { useEnvironment } from '../../app/environment'
import { storeTenant } from '../../app/browser/storage'
import { isDevHost } from '../../domain/hosts'
import { Button } from '../ui/Button'

/**
 * Where the portal shows a tenant: on `{tenant}.localhost` the host names the tenant, so switch host; on other
 * local, dev and staging hosts the path prefix ('default' has none); elsewhere the stored choice applies at `/`.
 */
function tenantHome(id: TenantId, location: Location): string {
  const { hostname, port, protocol } = location
  if (hostname.endsWith('.localhost')) {
    const host = id === 'default' ? 'localhost' : `${id}.localhost`
    return `${protocol}//${host}${port ? `:${port}` : ''}/`
  }
  return isDevHost(hostname) && id !== 'default' ? `/${id}/` : '/'
}

/**
 * Developers' theme switch (local, staging and dev hosts only): remembers the tenant and opens it. Switching
 * is a separate button so that moving through the options never reloads the page by surprise.
 */
export function ThemeToggle() {
  const { tenant } = useEnvironment()
  const [choice, setChoice] = useState<TenantId>(tenant.id)
  const id = useId()
  return (
    <form
      className="border-t border-muted/40 px-4 py-4"
      onSubmit={(event) => {
        event.preventDefault()
        storeTenant(choice)
        window.location.assign(tenantHome(choice, window.location))
      }}
    >
      <label htmlFor={id} className="mb-2 block text-sm font-semibold tracking-wide text-muted uppercase">
        <Trans id="shell.theme">Theme</Trans>
      </label>
      <div className="flex gap-2">
        <select
          id={id}
          value={choice}
          onChange={(event) => setChoice(event.target.value as TenantId)}
          className="min-h-comfortable min-w-0 flex-1 rounded-lg border-2 border-muted bg-surface px-2 text-text"
        >
          {Object.values(tenants).map((option) => (
            <option key={option.id} value={option.id}>
              {option.name} ({option.id})
            </option>
          ))}
        </select>
        <Button type="submit" variant="secondary" disabled={choice === tenant.id}>
          <Trans id="shell.theme_switch">Switch</Trans>
        </Button>
      </div>
    </form>
  )
}
