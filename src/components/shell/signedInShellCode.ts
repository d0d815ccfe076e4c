import { onDemand } from '../ui/lazyPart'

/**
 * The signed-in parts of the shell (src/components/shell/signedInShell.ts), which an anonymous visit never
 * loads: one module for all of them. A remembered user's start asks for it at once (src/main.tsx), beside the
 * screen's code, so the shell's parts render with the screen's first commit rather than suspend.
 */
export const signedInShell = onDemand(() => import('./signedInShell'))
