/**
 * Whether the user did something (a tap, a click, a key) since the last time this was asked: the portal's
 * token requests say so, and only then does the server slide the session (docs/auth.md). Opening the portal
 * counts, so the first answer is yes. An open tab nobody touches lets its session run out.
 */
export function watchUserActivity(target: Pick<Window, 'addEventListener'>): () => boolean {
  let active = true
  const seen = () => {
    active = true
  }
  for (const type of ['pointerdown', 'keydown'] as const)
    target.addEventListener(type, seen, { capture: true, passive: true })
  return () => {
    const was = active
    active = false
    return was
  }
}
