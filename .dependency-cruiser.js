/**
 * `npm run check:deps`: no import cycle anywhere, type imports included (a cycle closed by types still ties
 * the modules together). Which folder may import which is ESLint's (eslint.layers.js).
 */
/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules import each other in a circle; break it by moving what both need down a layer.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    doNotFollow: { path: 'node_modules' },
  },
}
