import { defineConfig } from '@playwright/test';

/** Port of the server the browser tests run against; not 8080, so a running site is left alone. */
const PORT = Number(process.env.E2E_PORT ?? 4317);

/** The contact form's database during the browser tests; tests read it back to check a send. */
export const E2E_DATABASE = 'node_modules/.cache/e2e-contact.sqlite';

/**
 * Debian's Chromium headless shell, the browser Playwright itself runs headless: a new context and
 * page take about 0.2 s here against 0.5 s for the full browser, and a page is ready in 0.7 s against
 * 1.1 s. Playwright's own browser download is not reachable from here.
 */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';

export default defineConfig({
  testDir: 'e2e',
  timeout: 90_000,
  expect: { timeout: 60_000 },
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list'], ['json', { outputFile: 'node_modules/.cache/e2e-results.json' }]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: CHROMIUM,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    },
    trace: 'off',
    // No test but the offline one registers the site's service worker and downloads its precache.
    serviceWorkers: 'block',
  },
  webServer: {
    command: 'node packages/server/src/main.ts',
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      TEXTLIFT_API_RATE_LIMIT: '1000',
      // Every test is a new browser without a cache, all from 127.0.0.1: each fetches its OCR models again,
      // and on a fresh data directory the detection tests have the server fetch more languages than a visitor would.
      TEXTLIFT_MODEL_RATE_LIMIT: '1000',
      TEXTLIFT_MODEL_DOWNLOAD_LIMIT: '1000',
      TEXTLIFT_CONTACT_RATE_LIMIT: '3',
      TEXTLIFT_DATABASE: E2E_DATABASE,
      // The Word tests pay LibreOffice's first start themselves, rather than every test paying for warm-ups at the start.
      TEXTLIFT_OFFICE_WARM_UP: '0',
      // The Image Translator's tests expect Apertium and no LibreTranslate, whatever the shell says.
      TEXTLIFT_APERTIUM: 'auto',
      TEXTLIFT_LIBRETRANSLATE_URL: '',
      // The two workers' browsers read on the cores the server would take for spare.
      TEXTLIFT_READ_AHEAD: '0',
    },
  },
});
