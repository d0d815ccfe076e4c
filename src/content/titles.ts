import { msg } from '@lingui/core/macro'

/** The h1 of each static page; routes use the same descriptors for the document title. */
export const contentTitles = {
  privacy: msg({ id: 'privacy.title', message: 'Privacy statement' }),
  accessibility: msg({ id: 'accessibility.title', message: 'Accessibility statement' }),
}
