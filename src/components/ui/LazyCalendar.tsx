import { Suspense } from 'react'
import type { CalendarProps } from './Calendar'
import { lazyPart } from './lazyPart'
import { Spinner } from './Spinner'

// Loaded when a popover first shows it, beside the popover's own code: no screen's first visit carries it.
const Loaded = lazyPart(() => import('./Calendar').then((module) => module.Calendar))

/** The calendar a date's popover shows, its code loaded as the popover first opens. */
export function LazyCalendar(props: CalendarProps) {
  return (
    <Suspense fallback={<Spinner />}>
      <Loaded {...props} />
    </Suspense>
  )
}
