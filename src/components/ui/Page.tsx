import type { ReactNode } from 'react'
import { usePageTitle } from './usePageTitle'

export interface PageProps {
  /** The page's heading and the first part of the document title. */
  title: string
  /** Shown beside the heading, e.g. an "Add" button. */
  actions?: ReactNode
  children?: ReactNode
}

/**
 * A screen's frame: one h1, the document title, and a readable measure. Where the viewport holds fewer than 18
 * of the user's letters (a phone at 150 % text or more: a media query's rem is the browser's text size), its
 * margins keep to 16 px, as they are at 100 %, so that a card's words keep a line of their own width; and the
 * heading grows a step less than the text, so that a title's longest word (Kuljetusluvat, Transportation) keeps
 * a line of its own too (docs/client.md, "Large text").
 */
export function Page({ title, actions, children }: PageProps) {
  usePageTitle(title)
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 max-[18rem]:px-2">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h1 className="whole-words min-w-0 text-2xl font-bold sm:text-3xl max-[18rem]:text-xl">{title}</h1>
        {actions}
      </div>
      {children}
    </div>
  )
}
