import { useId, type ReactNode } from 'react'

/**
 * A titled card of the trip detail, a region named by its heading. The heading can take focus, so that an
 * action which removes the control the user was on can move focus there.
 */
export function TripSection({
  title,
  headingId,
  children,
}: {
  title: ReactNode
  headingId?: string
  children: ReactNode
}) {
  const generatedId = useId()
  const id = headingId ?? generatedId
  return (
    <section aria-labelledby={id} className="rounded-xl bg-surface p-4">
      <h2 id={id} tabIndex={-1} className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** Label and value pairs, in two columns where there is room. */
export function DetailList({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">{children}</dl>
}
