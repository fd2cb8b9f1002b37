import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['packages/*/src/**/*.test.ts', 'scripts/**/*.test.ts'],
    // OCR of a full page with the WASM engine takes several seconds on 2 cores.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // Two test files at once: most wait on one single-threaded engine process (tesseract,
    // LibreOffice), so the default (one fewer than the cores: one here) left a core idle.
    // Measured on 2 cores: the whole unit suite 646 s → 443 s, every test passing.
    maxWorkers: 2,
  },
});
