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
  // Its entry (server/*.ts, server/tools) may import any room of it; the rooms below are held to serverFloors.
  server: ['src/contract', 'src/domain', 'tenants'],
}

/**
 * The server's rooms, floor by floor from the top: a room may import the rooms on the floors below its own,
 * never a room on its floor or above (docs/architecture.md, "The server's layers"). The entry, `server/*.ts`
 * and `server/tools`, stands above them all and is the only code that plugs in the demo.
 */
export const serverFloors = [
  // The demo: its seed, identities and test identity provider, and the simulator that plays its day.
  ['server/simulator'],
  ['server/demo'],
  // HTTP handlers, one file per feature; the sign-in pages in routes/login.
  ['server/routes'],
  // Features: what the portal does. Two features never import each other; what both need moves down.
  [
    'server/trips',
    'server/passengers',
    'server/calendar',
    'server/invitations',
    'server/messages',
    'server/notifications',
    'server/webhooks',
    'server/permissions',
    'server/tracking',
    'server/retention',
    'server/ops',
    'server/holidays',
    'server/email',
    'server/accountMail',
  ],
  // The platform features stand on: requests, sign-in state, pages, places, configuration, the outside.
  ['server/plugins'],
  ['server/auth', 'server/geo'],
  ['server/config'],
  ['server/errorReporting', 'server/net', 'server/pages', 'server/icons', 'server/outbound'],
  ['server/i18n'],
  // Data access and read caches. The database imports no feature.
  ['server/outbox', 'server/reads', 'server/views', 'server/idempotency'],
  ['server/db'],
  // Pure rules and time.
  ['server/domain', 'server/time', 'server/errors'],
]

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

/** A server room's zones: the server's own (outside it) and every room on its floor or above. */
function serverRoomZones(floor, room) {
  const below = serverFloors.slice(floor + 1).flat()
  const message = `${room}/ may import only ${below.join(', ')} and ${mayImport.server.join(', ')} (eslint.layers.js serverFloors).`
  const forbidden = serverFloors
    .slice(0, floor + 1)
    .flat()
    .filter((other) => other !== room)
  return [
    ...zonesFor('server', mayImport.server).map((zone) => ({ ...zone, target: room })),
    ...forbidden.map((other) => ({ target: room, from: other, message })),
    { target: room, from: 'server/*.ts', message },
    { target: room, from: 'server/tools', message },
  ]
}

export const layerConfigs = [
  ...Object.entries(mayImport).map(([folder, allowed]) => ({
    files: [`${folder}/**/*.{ts,tsx}`],
    ignores: composition,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: zonesFor(folder, allowed) }] },
  })),
  ...serverFloors.flatMap((rooms, floor) =>
    rooms.map((room) => ({
      files: [`${room}/**/*.ts`],
      rules: { 'import-x/no-restricted-paths': ['error', { zones: serverRoomZones(floor, room) }] },
    })),
  ),
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
