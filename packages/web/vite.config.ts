import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appIcons } from './app-icons.ts';
import { bundleReport } from './bundle-report.ts';
import { engineAssets, libheifNodeStub } from './engine-assets.ts';
import { offline } from './offline.ts';
import { precompress } from './precompress.ts';
import { reactAsPreact } from './react-as-preact.ts';

/**
 * Precompressing every asset at brotli's top quality is most of the build's time, by design
 * (precompress.ts); the report of slow plugin callbacks would say so on every build, the
 * workers' builds included.
 */
const checks = { bundlerTimings: false };

/**
 * Everything a page runs before its first lazy import, in one chunk beside the entry: split by
 * what each lazy page shares, it was two dozen files of 1–24 KiB, and on a slow connection
 * (Lighthouse's mobile run) their round trips, not their bytes, held back the first paint.
 */
const firstLoad = { name: 'first-load', tags: ['$initial' as const] };

/**
 * Packages that import React: bundled into the prerenderer rather than left to Node, which
 * would give them the real React beside the app's Preact.
 */
const reactPackages = ['react-router', 'react-i18next', 'lucide-react'];

export default defineConfig(({ command }) => ({
  // React's Fast Refresh cannot refresh Preact's components: an edit reloads the page instead of leaving it stale.
  plugins: [react({ refreshExclude: /./ }), tailwindcss(), engineAssets(), bundleReport(), appIcons(), offline(), precompress()],
  resolve: { alias: reactAsPreact },
  ssr: { noExternal: reactPackages },
  // A build lists its 400 files (pdf.js's CMaps among them) at "info"; `npm start` builds, so a
  // build says only what needs a look. `vite build --logLevel info` lists them again.
  logLevel: command === 'build' ? 'warn' : 'info',
  build: {
    target: 'es2022',
    // The largest chunks are engines loaded on a tool's own page (exceljs for the spreadsheet
    // tools, 956 kB; pdf-lib with fontkit, 715 kB); what a first visit loads is measured by
    // `npm run bench:pages` and held to its budget, engine-free, by e2e/page-budget.spec.ts.
    chunkSizeWarningLimit: 1000,
    rolldownOptions: { checks, output: { codeSplitting: { groups: [firstLoad] } } },
  },
  worker: { format: 'es', plugins: () => [libheifNodeStub()], rolldownOptions: { checks } },
  server: { proxy: { '/api': 'http://localhost:8080', '/healthz': 'http://localhost:8080' } },
}));
