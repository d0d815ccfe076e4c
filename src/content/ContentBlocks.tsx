import type { ReactNode } from 'react'

/** Building blocks of the static text pages, so that every page has the same heading scale and spacing. */

interface BlockProps {
  title: ReactNode
  children: ReactNode
}

/**
 * A page of text: its own h1 inside an article (the shell provides the main landmark). On a phone at large text
 * its margins and heading are those of the screens' frame (src/components/ui/Page.tsx).
 */
export function ContentPage({ title, children }: BlockProps) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-6 max-[18rem]:px-2">
      <h1 className="whole-words text-2xl leading-tight font-bold max-[18rem]:text-xl">{title}</h1>
      {children}
    </article>
  )
}

/** A top-level part of a page, headed by an h2. */
export function Section({ title, children }: BlockProps) {
  return (
    <section className="mt-8">
      <h2 className="text-xl leading-tight font-semibold">{title}</h2>
      <div className="mt-3 space-y-3">{children}</div>
    </section>
  )
}

/** A part of a section, headed by an h3. */
export function SubSection({ title, children }: BlockProps) {
  return (
    <section className="mt-5">
      <h3 className="text-lg leading-tight font-semibold">{title}</h3>
      <div className="mt-2 space-y-3">{children}</div>
    </section>
  )
}

export function BulletList({ children }: { children: ReactNode }) {
  return <ul className="list-disc space-y-2 pl-6">{children}</ul>
}

/** The date line under a page's h1. */
export function DateLine({ children }: { children: ReactNode }) {
  return <p className="mt-2 text-muted">{children}</p>
}

/**
 * A link standing on its own (an email address, a phone number, a web site) rather than inside a sentence: it
 * gets the 24 px minimum target height. External addresses stay plain hrefs; the shell confirms leaving.
 */
export function StandaloneLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className="link inline-flex min-h-target items-center wrap-anywhere">
      {children}
    </a>
  )
}
