declare global {
  /** Chromium's Prioritized Task Scheduling (not yet in TypeScript's DOM types). */
  const scheduler: {
    postTask(callback: () => void, options: { priority: 'user-blocking' }): Promise<void>
  }
  interface Window {
    /** ms from navigation start until a trip of the list was painted (Element Timing's render time). */
    __tripVisibleAt?: number
    /** ms from navigation start until the task that put up a responding trip link and cancel link had ended. */
    __tripUsableAt?: number
    /** The trips linked when the list first responded, in page order, so the floor can be checked against them. */
    __usableTrips?: string[]
  }
}

/** The user timing mark the page sets when its first trip became usable, which a trace finds the moment by. */
export const usableMark = 'bench:trip-usable'

/**
 * Runs in every page before its own scripts (an init script, so it sees the parser's nodes too) and notes two
 * moments of a start:
 * - visible: a trip link's text painted. Element Timing reports paint, not insertion: every trip link, and all
 *   it holds, gets the `elementtiming` attribute the moment it is inserted, before it can be painted.
 * - usable: a trip link and the cancel link answer a click (React's props with an onClick are on them, so
 *   React has committed them and attached its handlers), and the task that did it has ended: a task at
 *   input's priority has run. The floor's plain links answer as soon as they are in the page.
 */
export function watchStart({ mark, floorPath }: { mark: string; floorPath: string }): void {
  const plainLinksRespond = location.pathname === floorPath
  const tripLink = /\/trips\/[^/]+\/\d{4}-\d{2}-\d{2}$/
  const cancelLink = /\/canceltrips$/
  new PerformanceObserver((entries) => {
    for (const entry of entries.getEntries() as (PerformanceEntry & { renderTime: number })[]) {
      window.__tripVisibleAt ??= entry.renderTime
    }
  }).observe({ type: 'element', buffered: true })
  let ready = false
  const observer = new MutationObserver(() => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
    const trips = links.filter((link) => tripLink.test(link.pathname))
    for (const link of trips) {
      for (const element of [link, ...link.querySelectorAll('*')]) {
        if (!element.hasAttribute('elementtiming')) element.setAttribute('elementtiming', 'trip')
      }
    }
    // Inline, not a named helper: tsx would wrap a named function in a helper the page does not have.
    const responding = links.filter(
      (link) =>
        plainLinksRespond ||
        Object.entries(link).some(
          ([key, props]) =>
            key.startsWith('__reactProps$') && typeof (props as { onClick?: unknown }).onClick === 'function',
        ),
    )
    const respondingTrips = responding.filter((link) => tripLink.test(link.pathname))
    if (ready || respondingTrips.length === 0 || !responding.some((link) => cancelLink.test(link.pathname)))
      return
    ready = true
    window.__usableTrips = respondingTrips.map((link) => link.pathname)
    // At the priority of input, not behind the page's own queued tasks: when a click would be handled.
    void scheduler.postTask(
      () => {
        window.__tripUsableAt = performance.now()
        performance.mark(mark)
        observer.disconnect()
      },
      { priority: 'user-blocking' },
    )
  })
  observer.observe(document, { childList: true, subtree: true })
}
