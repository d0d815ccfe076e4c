/** An XState actor as the portal's handles see it, created in the lazily loaded src/app/effects/actors.ts. */
export interface RunningActor<View, Event> {
  start(): void
  /** The part of the snapshot the portal reads. */
  view(): View
  send(event: Event): void
  subscribe(listener: () => void): void
}

/** The listeners of a small store for `useSyncExternalStore`. */
export class Listeners {
  private readonly listeners = new Set<() => void>()

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  notify(): void {
    for (const listener of this.listeners) listener()
  }
}
