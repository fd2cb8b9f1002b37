import { configDefaults, defineConfig } from 'vitest/config';
import { reactAsPreact } from './packages/web/react-as-preact.ts';
import { LongFilesFirst } from './test-support/long-files-first.ts';

/**
 * The web frame's hooks, tested in a DOM (happy-dom) on the React the site ships: Preact's
 * compatibility layer, as the build resolves it. The other tests keep Node and the real React
 * (the static pages' test renders with react-dom/server).
 */
const hookTests = ['packages/web/src/hooks/**/*.test.ts'];

export default defineConfig({
  // The build's list of OCR models (engine-assets.ts), for the web modules both projects import; English is always among them.
  define: { __OCR_LANGUAGES__: JSON.stringify(['eng']) },
  test: {
    // OCR of a full page with the WASM engine takes several seconds on 2 cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two test files at once: most wait on one single-threaded engine process (tesseract,
    // LibreOffice), so the default (one fewer than the cores: one here) left a core idle.
    // Measured on 2 cores: the whole unit suite 646 s → 443 s, every test passing.
    maxWorkers: 2,
    sequence: { sequencer: LongFilesFirst },
    // Two files at once share the cores, which neither sees: no reading ahead of need on a core
    // the other file is using (engines/spare-cores.ts); ocr-docs.test.ts reads with it on.
    env: { TEXTLIFT_READ_AHEAD: '0' },
    projects: [
      {
        extends: true,
        test: { name: 'node', include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'], exclude: [...configDefaults.exclude, ...hookTests] },
      },
      {
        extends: true,
        resolve: { alias: reactAsPreact },
        test: {
          name: 'preact',
          include: hookTests,
          environment: 'happy-dom',
          // Run through the alias rather than by Node, which would give them the real React beside Preact.
          server: { deps: { inline: ['react-i18next'] } },
        },
      },
    ],
  },
});
