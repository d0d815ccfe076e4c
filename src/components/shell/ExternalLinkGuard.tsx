import { Trans, useLingui } from '@lingui/react/macro'
import { useEffect, useRef, useState } from 'react'
import { LazyConfirmDialog } from '../ui/LazyConfirmDialog'
import { externalTarget } from './externalTarget'

interface PendingLink {
  href: string
  host: string
  newTab: boolean
}

/** The link a click followed, when it leaves the portal for another web site; null for anything else. */
function clickedExternalLink(event: MouseEvent): PendingLink | null {
  if (event.defaultPrevented || event.button !== 0) return null
  const anchor = event.target instanceof Element ? event.target.closest('a[href]') : null
  if (!(anchor instanceof HTMLAnchorElement) || anchor.hasAttribute('download')) return null
  const target = externalTarget(anchor.href, window.location.origin)
  if (!target) return null
  const newTab = anchor.target === '_blank' || event.ctrlKey || event.metaKey || event.shiftKey
  return { ...target, newTab }
}

/**
 * Asks before the browser leaves the portal through a link to another origin (spec section 2); declining
 * cancels the navigation. One document-level listener covers every link, including those in static texts.
 */
export function ExternalLinkGuard() {
  const { t } = useLingui()
  const [pending, setPending] = useState<PendingLink | null>(null)
  // The link asked about last: the question again when the dialog's code could not load at first and
  // "Try again" has loaded it.
  const asked = useRef<PendingLink | null>(null)
  const host = pending?.host ?? ''

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const link = clickedExternalLink(event)
      if (!link) return
      event.preventDefault()
      asked.current = link
      setPending(link)
    }
    document.addEventListener('click', onClick)
    return () => document.removeEventListener('click', onClick)
  }, [])

  return (
    <LazyConfirmDialog
      open={pending !== null}
      onOpenChange={(open) => setPending(open ? asked.current : null)}
      title={t({ id: 'external_link.title', message: 'Leave the portal?' })}
      description={
        <Trans id="external_link.description">
          The link opens another web site: {host}. Do you want to continue?
        </Trans>
      }
      cancelLabel={t({ id: 'common.cancel', message: 'Cancel' })}
      confirmLabel={t({ id: 'external_link.continue', message: 'Continue' })}
      onConfirm={() => {
        if (!pending) return
        if (pending.newTab) window.open(pending.href, '_blank', 'noopener,noreferrer')
        else window.location.assign(pending.href)
        setPending(null)
      }}
    />
  )
}
