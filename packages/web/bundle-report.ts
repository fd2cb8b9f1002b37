import path from 'node:path';
import type { Plugin } from 'vite';

/** Where the client build writes its report; @fastify/static serves no dot folder, so it stays private. */
export const BUNDLE_REPORT = '.vite/bundle-report.json';

export interface ChunkReport {
  imports: string[];
  dynamicImports: string[];
  css: string[];
  /** npm packages with code in the chunk ("react-dom", "@radix-ui/react-slot"). */
  packages: string[];
  /** The project's own modules in the chunk, relative to the repository. */
  sources: string[];
}

export type BundleReport = Record<string, ChunkReport>;

const repositoryRoot = path.resolve(import.meta.dirname, '../..');

/** "…/node_modules/@scope/name/dist/x.js" -> "@scope/name"; the last node_modules counts (nested installs). */
function packageOf(id: string): string | undefined {
  const tail = id.split('node_modules/').at(-1);
  if (tail === id || !tail) return undefined;
  const parts = tail.split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0];
}

/**
 * Writes, for every chunk of the client build, what it imports statically and lazily and which
 * packages and sources are in it, so a test can tell what a page's first load carries by name
 * (e2e/page-budget.spec.ts), which the minified files no longer say.
 */
export function bundleReport(): Plugin {
  return {
    name: 'textlift-bundle-report',
    applyToEnvironment: (environment) => environment.name === 'client',
    apply: 'build',
    generateBundle(_options, bundle) {
      const report: BundleReport = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk') continue;
        const ids = Object.keys(chunk.modules).map((id) => id.replace(/^\0/, '').split('?')[0]!);
        const packages = new Set(ids.map(packageOf).filter((name) => name !== undefined));
        const sources = ids.filter((id) => !id.includes('node_modules/') && path.isAbsolute(id)).map((id) => path.relative(repositoryRoot, id));
        report[chunk.fileName] = {
          imports: chunk.imports,
          dynamicImports: chunk.dynamicImports,
          css: [...(chunk.viteMetadata?.importedCss ?? [])],
          packages: [...packages].sort(),
          sources: sources.sort(),
        };
      }
      this.emitFile({ type: 'asset', fileName: BUNDLE_REPORT, source: JSON.stringify(report, null, 1) });
    },
  };
}
