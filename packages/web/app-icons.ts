import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import type { Plugin } from 'vite';

/** The site's colour (--color-brand-600 in src/styles.css), the logo's square behind the "T". */
export const THEME_COLOUR = '#4f46e5';

/** Sizes an installed app needs: 192 px for the home screen, 512 px for the splash and stores. */
export const APP_ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

const logo = () => readFileSync(path.join(import.meta.dirname, 'public/favicon.svg'));

async function icon(size: number, maskable: boolean): Promise<Uint8Array> {
  if (!maskable)
    return sharp(logo(), { density: (72 * size) / 32 })
      .resize(size, size)
      .png()
      .toBuffer();
  // A maskable icon is cut to any shape within its central 80 % circle: the logo goes there,
  // the rest is the logo's own colour, so no system mask clips the letter or shows a border.
  const inner = Math.round(size * 0.7);
  const mark = await sharp(logo(), { density: (72 * inner) / 32 })
    .resize(inner, inner)
    .png()
    .toBuffer();
  const offset = Math.round((size - inner) / 2);
  return sharp({ create: { width: size, height: size, channels: 4, background: THEME_COLOUR } })
    .composite([{ input: mark, left: offset, top: offset }])
    .png()
    .toBuffer();
}

/** Draws the web app manifest's PNG icons from public/favicon.svg at build time, so the logo has one source. */
export function appIcons(): Plugin {
  return {
    name: 'textlift-app-icons',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async generateBundle() {
      for (const { src, sizes, purpose } of APP_ICONS) {
        const size = Number(sizes.split('x')[0]);
        this.emitFile({ type: 'asset', fileName: src.slice(1), source: await icon(size, purpose === 'maskable') });
      }
    },
  };
}
