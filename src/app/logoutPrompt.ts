/**
 * A voluntary logout while commands wait asks first (design brief, "Auth"): the logout would delete them.
 * Every logout path goes through `useAuth().logout()`, which asks this store; the shell's LogoutConfirm dialog
 * renders it.
 */

export interface LogoutPromptState {
  /** Commands not yet sent, or null when no question is open. */
  waiting: number | null
}

export class LogoutPromptStore {
  private state: LogoutPromptState = { waiting: null }
  private readonly listeners = new Set<() => void>()

  getState = (): LogoutPromptState => this.state

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  ask(waiting: number): void {
    this.set({ waiting })
  }

  close(): void {
    this.set({ waiting: null })
  }

  private set(state: LogoutPromptState): void {
    this.state = state
    for (const listener of this.listeners) listener()
  }
}

export interface LogoutDeps {
  prompt: LogoutPromptStore
  /** The commands still waiting in the signed-in user's database (0 when none is open). */
  countWaiting(): Promise<number>
  logout(): void
}

/** Logs out at once when nothing waits; otherwise opens the question. A failed count does not block a logout. */
export async function requestLogout(deps: LogoutDeps): Promise<void> {
  const waiting = await deps.countWaiting().catch(() => 0)
  if (waiting > 0) deps.prompt.ask(waiting)
  else deps.logout()
}
