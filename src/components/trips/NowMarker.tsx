import { Trans } from '@lingui/react/macro'
import { useElementScrollRestoration } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import type { Temporal } from 'temporal-polyfill'
import { scrollIntoSight } from '../../app/browser/scrollIntoSight'
import { clockTime } from '../../domain/dateDisplay'
import type { NowInDay } from '../../domain/trips/now'

/**
 * The "now" line of today's trips, between the trips that ended and the next. Link colour on the page
 * background, which every theme keeps at AA. A list item of its own, so that a screen reader meets it in order
 * and hears in words what follows it. On opening the day it scrolls itself into view, leaving focus where it is;
 * coming back to the list (the back button from a trip) keeps the place the user left instead.
 */
export function NowMarker({
  now,
  timeZone,
  place,
}: {
  now: Temporal.Instant
  timeZone: string
  place: NowInDay
}) {
  const ref = useRef<HTMLLIElement>(null)
  // Where this history entry's page was left, when it was: the router keeps it per entry.
  const left = useElementScrollRestoration({ getElement: () => window })
  const [leftAt] = useState(left ? { top: left.scrollY, left: left.scrollX } : null)
  useEffect(() => {
    // After the frame the router renders in, whose scroll restoration puts a new page at its top (and a page
    // come back to where it was, before the list was there to scroll): a scroll made in the same commit was
    // undone by it.
    let frame = requestAnimationFrame(() => {
      frame = requestAnimationFrame(() => {
        if (leftAt) window.scrollTo(leftAt)
        else if (ref.current) scrollIntoSight(ref.current)
      })
    })
    return () => cancelAnimationFrame(frame)
  }, [leftAt])
  const time = clockTime(now, timeZone)
  return (
    <li ref={ref} className="flex scroll-mt-24 items-center gap-3 text-link" data-testid="trips-now">
      <span aria-hidden="true" className="h-0.5 w-4 shrink-0 rounded bg-link" />
      <span className="shrink-0 font-semibold">
        <Trans id="trips.now">Now {time}</Trans>
        <span className="sr-only">
          {': '}
          {place.focus === null ? (
            <Trans id="trips.now_day_over">the trips of the day have ended.</Trans>
          ) : place.underWay ? (
            <Trans id="trips.now_under_way">a trip is under way.</Trans>
          ) : (
            <Trans id="trips.now_next">the next trip has not started yet.</Trans>
          )}
        </span>
      </span>
      <span aria-hidden="true" className="h-0.5 grow rounded bg-link" />
    </li>
  )
}
