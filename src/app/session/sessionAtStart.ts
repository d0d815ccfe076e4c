/** The remembered user's session as the start opens it, before the session machine has loaded. */
export interface SessionAtStart<S> {
  opened: Promise<S | null>
  /**
   * For the machine's first session, once: the opening when `takes` (the session is the remembered user's),
   * else null. An opening not taken, or taken by a child that stops before it has opened (a logout), is called
   * off, so it never opens: opening after the logout deleted the database would create that database again.
   */
  handOver(signal: AbortSignal, takes: boolean): Promise<S | null> | null
}

export function sessionAtStart<S>(open: (signal: AbortSignal) => Promise<S | null>): SessionAtStart<S> {
  const calledOff = new AbortController()
  const opened = open(calledOff.signal)
  let handed = false
  return {
    opened,
    handOver(signal, takes) {
      if (handed) return null
      handed = true
      if (!takes || signal.aborted) calledOff.abort()
      else signal.addEventListener('abort', () => calledOff.abort(), { once: true })
      return takes ? opened : null
    },
  }
}
