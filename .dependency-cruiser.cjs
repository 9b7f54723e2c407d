// Layering rules of the code base, checked by `npm run deps` (a step of `npm test`). See "Layering" in
// docs/development.md. There is no baseline of known violations: every rule holds for all the code.
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Import cycles hide the real order of things and break module initialisation: refused.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import the checker cannot resolve is one it cannot judge: every import must resolve.',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'domain-imports-no-app',
      severity: 'error',
      comment: 'packages/domain is shared by server and web; it never imports from an app.',
      from: { path: '^packages/domain/src/' },
      to: { path: '^apps/' },
    },
    {
      name: 'server-platform-imports-no-module',
      severity: 'error',
      comment:
        'Platform code (auth, files, changelog, realtime, resources...) serves every module and imports none; ' +
        'a module hands the platform what it needs through its module definition (modules/<name>/index.ts).',
      // Exempt: platform tests. They exercise the platform on the migrated test database, whose tables are
      // the product's (the resource engine's test serves a probe resource over a reference-data table).
      from: { path: '^apps/server/src/platform/', pathNot: '[.]test[.]ts$' },
      to: { path: '^apps/server/src/modules/' },
    },
    {
      name: 'module-through-its-entry',
      severity: 'error',
      comment:
        'A module reaches another module only through its public entry, modules/<name>/index.ts: never its ' +
        'tables.ts, services or routes.',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index[.]ts$'],
      },
    },
    {
      name: 'web-platform-imports-no-feature',
      severity: 'error',
      comment: 'The web platform (api client, widgets, resource screens) imports no feature screen.',
      from: { path: '^apps/web/src/platform/' },
      to: { path: '^apps/web/src/features/' },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser: swc parses the sources.
    parser: 'swc',
    // Type-only imports count: a type import of another module's internals couples them just the same.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['node_modules', '[.]d[.]ts$'] },
    moduleSystems: ['es6'],
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'default'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
