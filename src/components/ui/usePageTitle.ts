import { useEffect } from 'react'
import { useEnvironment } from '../../app/environment'

/** Sets the document title to "{title} – {site title}" (spec section 2) while the page is shown. */
export function usePageTitle(title: string): void {
  const { tenant } = useEnvironment()
  useEffect(() => {
    document.title = `${title} – ${tenant.name}`
  }, [title, tenant.name])
}
