/**
 * The import rules of the architecture: who may import whom. `npm test` runs this, so a wrong
 * import fails the build instead of a review.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'Modules must not depend on each other in a circle.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'server-uses-only-contracts-and-permissions',
      severity: 'error',
      comment: 'server/ imports shared/contracts and shared/permissions only.',
      from: { path: '^server/' },
      to: { path: '^shared/', pathNot: ['^shared/contracts/', '^shared/permissions\\.ts$'] },
    },
    {
      name: 'server-stands-alone',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(console|entrypoints|extension|tests)/' },
    },
    {
      name: 'db-imports-no-layer-above',
      severity: 'error',
      comment:
        'server/db (client, schema, migrations) stands below everything: it imports no module, ' +
        'seed, job, sandbox or middleware, nor the files that assemble the app.',
      from: { path: '^server/db/' },
      to: {
        path: [
          '^server/(modules|seed|jobs|sandbox|middleware)/',
          '^server/(app|index|routes|static)\\.ts$',
        ],
      },
    },
    {
      name: 'modules-do-not-import-jobs-sandbox-or-seed',
      severity: 'error',
      comment:
        'A job calls a module, never the other way; the sandbox stands in for outside platforms ' +
        'and the seed tells the demo story through the modules: a module imports none of them.',
      from: { path: '^server/modules/' },
      to: {
        path: ['^server/(jobs|sandbox|seed)/', '^server/(app|index|routes)\\.ts$'],
      },
    },
    {
      name: 'modules-not-in-a-circle',
      severity: 'error',
      comment:
        'No module imports another that imports it, directly or through others: a piece two ' +
        'modules share moves down (server/lib or a lower module), or one calls the other through ' +
        'a port in its deps.',
      scope: 'folder',
      from: { path: '^server/modules/[^/]+' },
      to: { path: '^server/modules/[^/]+', circular: true },
    },
    {
      name: 'jobs-do-not-import-sandbox-or-seed',
      severity: 'error',
      comment:
        'Background work runs against the real platforms as well: it needs neither the sandbox nor the demo seed.',
      from: { path: '^server/jobs/' },
      to: { path: '^server/(sandbox|seed)/' },
    },
    {
      name: 'sandbox-stands-apart',
      severity: 'error',
      comment:
        'The sandbox plays the outside platforms: it speaks their protocols (server/integrations) ' +
        'and keeps its own tables, but knows nothing of our modules, jobs or seed.',
      from: { path: '^server/sandbox/' },
      to: { path: '^server/(modules|jobs|seed)/' },
    },
    {
      name: 'console-not-sites-or-extension',
      severity: 'error',
      comment:
        'console/ imports shared/ but not shared/sites, and no extension code: of the extension ' +
        'it knows only the bridge protocol in shared/session.',
      from: { path: '^console/' },
      to: { path: ['^shared/sites/', '^(server|entrypoints|extension|tests)/'] },
    },
    {
      name: 'features-do-not-import-features',
      severity: 'error',
      comment: 'A feature never imports another feature; they compose in console/app.',
      from: { path: '^console/features/([^/]+)/' },
      to: { path: '^console/features/', pathNot: '^console/features/$1/' },
    },
    {
      name: 'features-do-not-import-app-or-layout',
      severity: 'error',
      comment:
        'A feature exports its routes and console/app composes them: features never import ' +
        'console/app or console/layout (what they share lives in platform, components or stores).',
      from: { path: '^console/features/' },
      to: { path: '^console/(app|layout)/' },
    },
    {
      name: 'layout-does-not-import-app',
      severity: 'error',
      comment: 'console/app sits on top: it imports the layout, never the other way round.',
      from: { path: '^console/layout/' },
      to: { path: '^console/app/' },
    },
    {
      name: 'console-foundations-stay-below',
      severity: 'error',
      comment:
        'console/platform, components and stores sit below the features, the layout and the app ' +
        'and import none of them.',
      from: { path: '^console/(platform|components|stores)/' },
      to: { path: '^console/(app|layout|features)/' },
    },
    {
      name: 'extension-never-imports-console-or-server',
      severity: 'error',
      comment:
        'The extension (entrypoints/ and extension/) imports shared/ freely, never console/ or server/.',
      from: { path: '^(entrypoints|extension)/' },
      to: { path: '^(console|server|tests)/' },
    },
    {
      name: 'extension-code-serves-the-entrypoints',
      severity: 'error',
      comment:
        'extension/ holds what several entrypoints share; it never reaches into one of them.',
      from: { path: '^extension/' },
      to: { path: '^entrypoints/' },
    },
    {
      name: 'entrypoints-do-not-import-each-other',
      severity: 'error',
      comment:
        'An entrypoint keeps its own code in its directory; what two of them need lives in extension/.',
      from: { path: '^entrypoints/([^/]+)/' },
      to: { path: '^entrypoints/', pathNot: '^entrypoints/$1/' },
    },
    {
      name: 'shared-stays-shared',
      severity: 'error',
      comment: 'Nothing in shared/ reaches into a program.',
      from: { path: '^shared/' },
      to: { path: '^(console|server|entrypoints|extension|tests)/' },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      severity: 'error',
      from: { path: '^shared/contracts/' },
      to: { path: '^(shared|locales)/', pathNot: '^shared/contracts/' },
    },
    {
      name: 'session-uses-contracts',
      severity: 'error',
      from: { path: '^shared/session/' },
      to: { path: '^(shared|locales)/', pathNot: ['^shared/session/', '^shared/contracts/'] },
    },
    {
      name: 'api-uses-contracts-and-session',
      severity: 'error',
      from: { path: '^shared/api/' },
      to: {
        path: '^(shared|locales)/',
        pathNot: ['^shared/api/', '^shared/contracts/', '^shared/session/'],
      },
    },
    {
      name: 'queries-use-api',
      severity: 'error',
      from: { path: '^shared/queries/' },
      to: {
        path: '^(shared|locales)/',
        pathNot: ['^shared/queries/', '^shared/api/', '^shared/contracts/'],
      },
    },
    {
      name: 'sites-use-contracts',
      severity: 'error',
      from: { path: '^shared/sites/' },
      to: { path: '^(shared|locales)/', pathNot: ['^shared/sites/', '^shared/contracts/'] },
    },
    {
      name: 'no-unresolvable',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.wxt|\\.output|dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
