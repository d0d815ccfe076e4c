import type { MessageDescriptor } from '@lingui/core'
import { useLingui } from '@lingui/react/macro'
import type { ComponentType } from 'react'
import { usePageTitle } from './ui/usePageTitle'

/** The route component of a static text page: the content component (with its own h1) and the page title. */
export function contentScreen(Content: ComponentType, title: MessageDescriptor) {
  return function ContentScreen() {
    const { t } = useLingui()
    usePageTitle(t(title))
    return <Content />
  }
}
