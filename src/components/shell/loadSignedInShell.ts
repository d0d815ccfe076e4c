/**
 * The signed-in parts of the shell (src/components/shell/signedInShell.ts), which an anonymous visit never
 * loads. A remembered user's start asks for them at once (src/main.tsx), beside the screen's code, rather than
 * when the shell first renders.
 */
export const loadSignedInShell = () => import('./signedInShell')
