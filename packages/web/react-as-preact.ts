import { fileURLToPath } from 'node:url';

/**
 * React's API, served by Preact's compatibility layer (issue 35): react-dom alone was 64 KiB of
 * the home page's 148 KiB gzip first load. The same code renders on both sides, so the
 * prerendered HTML is Preact's and hydrates as Preact expects. "react" itself is
 * src/react-on-preact.ts, compat plus what it lacks and a package names. The site's build and
 * the hook tests (vitest.config.ts) resolve React this one way.
 */
export const reactAsPreact = [
  { find: /^react$/, replacement: fileURLToPath(new URL('src/react-on-preact.ts', import.meta.url)) },
  { find: /^react\/(jsx-runtime|jsx-dev-runtime)$/, replacement: 'preact/compat/$1' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react-dom\/(client|server)$/, replacement: 'preact/compat/$1' },
];
