/** Whether the browser can draw the map at all (MapLibre needs WebGL 2); asked before its code is loaded. */
export function supportsWebGl2(): boolean {
  try {
    const context = document.createElement('canvas').getContext('webgl2')
    // A page may hold only a few WebGL contexts at once: this probe gives its own back at once.
    context?.getExtension('WEBGL_lose_context')?.loseContext()
    return context !== null
  } catch {
    return false
  }
}
