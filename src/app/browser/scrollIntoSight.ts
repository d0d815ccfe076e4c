/**
 * Brings an element and the one after it into view unless they already are, below the sticky top bar (the
 * element's scroll margin), smoothly only where motion is welcome. Focus stays where it is.
 */
export function scrollIntoSight(element: HTMLElement): void {
  const after = (element.nextElementSibling ?? element).getBoundingClientRect()
  if (element.getBoundingClientRect().top >= 0 && after.bottom <= window.innerHeight) return
  const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false
  element.scrollIntoView({ block: 'start', behavior: still ? 'auto' : 'smooth' })
}
