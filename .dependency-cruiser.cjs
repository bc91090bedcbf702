// Import rules: one-way layers (routes → ui → machines/api), no cycles, and the provider independent of the app.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      severity: 'error',
      comment: 'Modules must not depend on each other in a circle.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'ui-not-up',
      severity: 'error',
      comment: 'The ui layer may use machines and api, never routes or the app composition.',
      from: { path: '^src/ui/' },
      to: { path: '^src/(routes/|router|shell|app-providers|main)' },
    },
    {
      name: 'machines-and-api-at-the-bottom',
      severity: 'error',
      comment: 'machines and api are the bottom layer: they import neither ui nor routes nor each other’s React bits.',
      from: { path: '^src/(machines|api)/' },
      to: { path: '^src/(ui|routes)/|^src/(router|shell|app-providers|main)' },
    },
    {
      name: 'api-independent-of-machines',
      severity: 'error',
      comment: 'The api layer stands alone, so the reference provider can share its schemas.',
      from: { path: '^src/api/' },
      to: { path: '^src/machines/' },
    },
    {
      name: 'routes-not-from-lower-layers',
      severity: 'error',
      from: { pathNot: '^src/(routes/|route-tree\\.gen|router)' },
      to: { path: '^src/routes/' },
    },
    {
      name: 'provider-only-shares-schemas-and-domain',
      severity: 'error',
      comment: 'The reference provider may share the contract schemas and the domain rules, nothing else of the app.',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/(api/schemas\\.ts$|domain/)' },
    },
    {
      name: 'domain-stands-alone',
      severity: 'error',
      comment: 'The shared rules are plain TypeScript: nothing of the app, no browser or server code, no libraries.',
      from: { path: '^src/domain/' },
      to: { pathNot: '^src/domain/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: 'src/route-tree\\.gen\\.ts' },
  },
};
