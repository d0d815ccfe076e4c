import { useEffect } from 'react'
import { useEnvironment } from '../../app/environment'

/** Sets the document title to "{title} – {site title}" (spec section 2) while the page is shown. */
export function usePageTitle(title: string): void {
  const { tenant } = useEnvironment()
  useEffect(() => {
    // Without the soft hyphens where a long title may break on a narrow screen: a tab does not wrap.
    document.title = `${title.replaceAll('\u00ad', '')} – ${tenant.name}`
  }, [title, tenant.name])
}
