import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { engineAssets, libheifNodeStub } from './engine-assets.ts';
import { precompress } from './precompress.ts';

export default defineConfig({
  plugins: [react(), tailwindcss(), engineAssets(), precompress()],
  build: {
    target: 'es2022',
    // Engines are lazy chunks; a warning about the OCR worker's size is expected.
    chunkSizeWarningLimit: 800,
  },
  worker: { format: 'es', plugins: () => [libheifNodeStub()] },
  server: { proxy: { '/api': 'http://localhost:8080', '/healthz': 'http://localhost:8080' } },
});
