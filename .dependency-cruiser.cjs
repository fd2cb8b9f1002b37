/**
 * The one-way dependency direction of docs/ARCHITECTURE.md, checked in `npm test` rather than by habit:
 * core imports neither web nor server; web and server meet only over HTTP; and the other
 * packages reach core only through its package name (its declared public surface).
 */
module.exports = {
  forbidden: [
    {
      name: 'core-stands-alone',
      comment: 'packages/core is shared by both hosts: no React, no Fastify, no web or server code.',
      severity: 'error',
      from: { path: '^packages/core/' },
      to: { path: '^packages/(web|server)/|node_modules/(react|react-dom|fastify|@fastify)/' },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      // A test may start the real server to talk to it over HTTP, as the page does.
      from: { path: '^packages/web/', pathNot: '\\.test\\.ts$' },
      to: { path: '^packages/server/' },
    },
    {
      name: 'server-never-imports-web',
      severity: 'error',
      from: { path: '^packages/server/' },
      to: { path: '^packages/web/src/' },
    },
    {
      name: 'core-through-its-package-name',
      comment: 'Relative paths into packages/core bypass its exports; import @textlift/core instead.',
      severity: 'error',
      from: { path: '^packages/(web|server)/src/' },
      to: { path: '^packages/core/', dependencyTypes: ['local'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: { path: '^packages/' },
      // Type-only imports vanish when compiled, so a cycle through them costs nothing at run time.
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|dist-ssr)/' },
    // TypeScript 7 has no compiler API yet for dependency-cruiser; swc reads .ts and .tsx instead.
    // swc sees imports before types are stripped, so type-only imports are cruised (and marked
    // 'type-only') without tsPreCompilationDeps, which would ask for the missing tsc and warn.
    parser: 'swc',
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'default', 'types'] },
  },
};
