import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { PluginOption } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { APP_ICONS, THEME_COLOUR } from './app-icons.ts';

const dist = path.join(import.meta.dirname, 'dist');

/**
 * The files the built index.html names (its entry, the entry's static imports, the style sheet):
 * what every page needs before any lazy chunk, the only bundles precached. Every other bundle,
 * dictionary, font and engine is stored on first use (src/offline/sw.ts), so a
 * visitor downloads nothing for offline use beyond what the visit itself needed.
 */
function shellFiles(): Set<string> {
  const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
  return new Set([...html.matchAll(/\s(?:src|href)="\/(assets\/[^"]+)"/g)].map((match) => match[1]!));
}

/**
 * The service worker (/sw.js, from src/offline/sw.ts) and the web app manifest
 * (/manifest.webmanifest, linked from every page), so the site installs as an app and its
 * device-side tools work offline after one visit. The page registers the worker itself, after
 * load, from a lazy chunk (src/main.tsx): no registration script is injected.
 */
export function offline(): PluginOption {
  return VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/offline',
    filename: 'sw.ts',
    injectRegister: false,
    manifest: {
      name: 'TextLift',
      short_name: 'TextLift',
      id: '/',
      start_url: '/',
      scope: '/',
      display: 'standalone',
      theme_color: THEME_COLOUR,
      background_color: '#ffffff',
      icons: APP_ICONS,
    },
    // The worker's own build says only what needs a look, as the site's does (vite.config.ts).
    integration: { configureCustomSWViteBuild: (config) => void (config.logLevel = 'warn') },
    injectManifest: {
      // A classic script: a module service worker is refused by browsers before 2023/2024.
      rollupFormat: 'iife',
      globPatterns: ['assets/*.{js,css}', 'favicon.svg', 'icons/*.png'],
      manifestTransforms: [
        (entries) => {
          const shell = shellFiles();
          return { manifest: entries.filter((entry) => !entry.url.startsWith('assets/') || shell.has(entry.url)), warnings: [] };
        },
      ],
    },
  });
}
