/**
 * What `import … from 'react'` gives the site and its packages in the build (vite.config.ts):
 * Preact's compatibility layer, plus the names of React 19 that it lacks and a package imports
 * without the site ever calling them, so the bundler links them. Each throws if called, rather
 * than pretending to be React's.
 */
// Its types are written as `export =` (compat's types say React's namespace); the module itself has named exports.
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

/** react-router's data router (RouterProvider) holds its state with it; the site uses BrowserRouter. */
export function useOptimistic(): never {
  throw new Error('useOptimistic is not available: React runs as Preact here (vite.config.ts)');
}
