/**
 * Which folder may import which (docs/architecture.md, "Dependencies point one way"): for each folder, the
 * folders its files may import besides their own. Everything else in this list is forbidden to it, type
 * imports included. Tests and the root config files are not listed: they may import anything; nothing imports
 * them. A new top-level folder must be added here, or it is neither checked nor protected.
 */
const mayImport = {
  'src/contract': [],
  tenants: [],
  'src/domain': ['src/contract', 'tenants'],
  locales: ['src/domain'],
  machines: ['src/domain', 'src/contract'],
  // The outbox's command catalogue, shared by the page, the sync worker and the service worker.
  'src/commands': ['src/contract'],
  // The auth machine declares what a token fetch answers (`TokenResult`); the fetch implements it.
  'src/api': ['src/contract', 'src/domain', 'machines/auth/auth.machine.ts'],
  'src/db': ['src/commands', 'src/contract', 'src/domain'],
  // Code that runs inside the sync worker (and in the service worker, which replays the outbox too).
  workers: ['src/db', 'src/api', 'src/commands', 'src/contract', 'src/domain'],
  sw: [
    'workers',
    'src/db',
    'src/api',
    'src/commands',
    'src/contract',
    'src/domain',
    'tenants',
    'machines/auth/auth.machine.ts',
  ],
  'src/app': [
    'machines',
    'workers',
    'src/api',
    'src/db',
    'src/commands',
    'src/domain',
    'src/contract',
    'tenants',
    'locales',
  ],
  'src/components': [
    'src/app',
    'src/content',
    'machines',
    'src/commands',
    'src/domain',
    'src/contract',
    'tenants',
  ],
  'src/content': ['src/app', 'src/domain', 'src/contract', 'tenants'],
  'src/routes': [
    'src/components',
    'src/content',
    'src/app',
    'machines',
    'src/commands',
    'src/domain',
    'src/contract',
    'tenants',
  ],
  server: ['src/contract', 'src/domain', 'tenants'],
}

/**
 * Where the portal is put together, and so may import any part of it: the entry, the root component and the
 * router built from the generated route tree.
 */
const composition = ['src/main.tsx', 'src/app/App.tsx', 'src/app/router.ts']

/** What the folders may not import unless listed: each other, the entry, the route tree and the tests. */
const guarded = [...Object.keys(mayImport), 'src/main.tsx', 'src/routeTree.gen.ts', 'tests']

/** `machines/auth/auth.machine.ts` under `machines` is an exception to that folder, written relative to it. */
function zonesFor(folder, allowed) {
  return guarded
    .filter((area) => area !== folder && !allowed.includes(area) && !area.startsWith(`${folder}/`))
    .map((area) => {
      const except = allowed
        .filter((path) => path.startsWith(`${area}/`))
        .map((path) => `.${path.slice(area.length)}`)
      return {
        target: folder,
        from: area,
        ...(except.length > 0 ? { except } : {}),
        message: `${folder}/ may import only ${allowed.join(', ') || 'itself'} (docs/architecture.md).`,
      }
    })
}

export const layerConfigs = [
  ...Object.entries(mayImport).map(([folder, allowed]) => ({
    files: [`${folder}/**/*.{ts,tsx}`],
    ignores: composition,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: zonesFor(folder, allowed) }] },
  })),
  {
    files: composition,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: ['server', 'sw', 'tests'].map((area) => ({
            target: '.',
            from: area,
            message:
              'The portal may import any part of the portal, never the server, service worker or tests.',
          })),
        },
      ],
    },
  },
]
