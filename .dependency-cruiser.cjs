// Import rules: one-way layers (routes → ui → machines/api), no cycles, the provider independent of the app, and the
// staff console off the guests' path.
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
      comment: 'machines, api, device and domain are the bottom layers: they import neither ui nor routes.',
      from: { path: '^src/(machines|api|device|domain)/' },
      to: { path: '^src/(ui|routes)/|^src/(router|shell|app-providers|main)' },
    },
    {
      name: 'device-below-machines',
      severity: 'error',
      comment: 'Device state is stored and read below the machines that own it; it never drives them.',
      from: { path: '^src/device/' },
      to: { path: '^src/machines/' },
    },
    {
      name: 'device-makes-no-calls',
      severity: 'error',
      comment:
        'Device state is validated with the contract schemas (contract/); it makes no calls, so it never imports api.',
      from: { path: '^src/device/' },
      to: { path: '^src/api/' },
    },
    {
      name: 'api-uses-only-the-device-store',
      severity: 'error',
      comment:
        'The api layer keeps its session key through the device store and attaches the credentials the device holds; it knows nothing else of the cart or orders.',
      from: { path: '^src/api/' },
      to: { path: '^src/device/', pathNot: '^src/device/(device-store|credentials|language)\\.ts$' },
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
      comment:
        'The reference provider shares the contract (contract/) and the domain rules (src/domain/) with the app, nothing else of it.',
      from: { path: '^server/' },
      to: { path: '^src/', pathNot: '^src/domain/' },
    },
    {
      name: 'contract-at-the-bottom',
      severity: 'error',
      comment:
        'The contract is what the app, the fake and the provider agree on: it may use the domain rules, never the app or the provider.',
      from: { path: '^contract/' },
      to: { path: '^(src/|server/)', pathNot: '^src/domain/' },
    },
    {
      name: 'app-never-imports-the-document',
      comment:
        "The operations and the OpenAPI document built from them are for the provider and the docs: they bring zod's JSON Schema code and every call's text, which no guest should download.",
      severity: 'error',
      from: { path: '^src/' },
      to: { path: '^contract/(openapi|operations/)' },
    },
    {
      name: 'app-never-imports-the-provider',
      severity: 'error',
      comment: 'The app talks to any provider through the contract; the reference provider is one of many.',
      from: { path: '^src/' },
      to: { path: '^server/' },
    },
    {
      name: 'guests-never-reach-the-console',
      severity: 'error',
      comment:
        "Console code (src/ui/staff, the /staff routes, src/api/staff-*, the console's own calls and machines) is for staff only: a guest's screen that reached it, directly or through any chain of imports, would put the console's code (and its libraries, such as the Day screen's chart) in the chunks every guest downloads.",
      from: {
        path: '^src/(routes/|ui/|main\\.tsx$|shell\\.tsx$|router\\.tsx$|app-providers\\.tsx$)',
        pathNot: '^src/routes/staff(\\.tsx$|/)|^src/ui/staff/',
      },
      to: {
        path: '^src/(ui/staff/|routes/staff(\\.tsx$|/)|api/(staff-|menu-admin-calls\\.ts$|report-calls\\.ts$)|machines/staff-)',
        reachable: true,
      },
    },
    {
      name: 'browser-code-has-no-node-modules',
      severity: 'error',
      comment:
        'The app and the contract run in the browser (the contract in the provider too): Node’s built-in modules do not ' +
        'exist there. tsconfig.app.json checks their types without Node’s, but a library’s typings can bring those in.',
      from: { path: '^(src|contract)/' },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'provider-without-async-hooks',
      severity: 'error',
      comment:
        'On Node 20 an AsyncLocalStorage (or any async hook) runs a hook for every promise the process makes, about a ' +
        'sixth of a busy provider’s CPU: what a request’s log lines need travels on its Hono context instead.',
      from: { path: '^server/' },
      to: { dependencyTypes: ['core'], path: '^(node:)?async_hooks$' },
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
