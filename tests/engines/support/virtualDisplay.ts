import { spawn } from 'node:child_process'

export interface VirtualDisplay {
  /** The display's name for DISPLAY, e.g. `:99`. */
  display: string
  stop(): Promise<void>
}

/**
 * An X display of its own (Xvfb, `apt-get install xvfb`), for a browser run headed: Firefox headless has no WebGL
 * on Linux, and the map needs WebGL 2. Xvfb picks a free display number and says it on `-displayfd` once it
 * accepts clients, so several suites (or a developer's own display) never clash.
 */
export function startVirtualDisplay(): Promise<VirtualDisplay> {
  const child = spawn('Xvfb', ['-displayfd', '3', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'ignore', 'pipe', 'pipe'],
  })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve()
      child.once('exit', () => resolve())
      child.kill()
    })
  return new Promise((resolve, reject) => {
    let said = ''
    let errors = ''
    child.stdio[2]?.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    child.stdio[3]?.on('data', (chunk: Buffer) => {
      said += chunk.toString()
      if (said.includes('\n')) resolve({ display: `:${said.trim()}`, stop })
    })
    child.once('error', (error) => reject(new Error(`No Xvfb (apt-get install xvfb): ${error.message}`)))
    child.once('exit', (code) => reject(new Error(`Xvfb exited with ${code}:\n${errors}`)))
  })
}
