/**
 * `npm start`: runs the compiled API host (build/server/start.js, see server/compile.mjs), compiling it first
 * when it is missing or older than any of its sources, so a fresh checkout just starts and an edited server
 * never runs stale. The bundle runs in this process: no second node, no loader.
 */
import { bundleUrl, compileServer, isStale } from './compile.mjs'

if (await isStale()) {
  console.log('Compiling the server into build/server/')
  await compileServer()
}
// Stack traces name the bundle's lines, under the `// server/...` marks of each module. The source map beside it
// costs about 10 MB of memory once read: NODE_OPTIONS=--enable-source-maps reads it and names the sources.
await import(bundleUrl())
