/** The thread's bubbles: the user's own on the right in the page's background, others' on the left. */
const bubble = 'block rounded-xl border px-4 py-3 text-left'
export const ownBubble = `${bubble} ml-8 w-[calc(100%-2rem)] border-muted/40 bg-background`
export const othersBubble = `${bubble} mr-8 w-[calc(100%-2rem)] border-muted/60 bg-surface`
