/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { landingImages } from './build/landing-images.ts';

const backend = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), landingImages()],
  resolve: {
    // Business constants and API types are shared with the backend as TypeScript source.
    alias: { '@brandloom/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) },
  },
  server: {
    proxy: {
      '/api': backend,
      '/templates': backend,
    },
  },
  build: {
    outDir: 'dist',
    // The pre-render step (scripts/prerender.mjs) reads the manifest to link each public page's chunks.
    // The server build (src/public/entry-server.tsx, for pre-rendering) takes its entry from the command line.
    ...(isSsrBuild
      ? {}
      : {
          manifest: true,
          rollupOptions: {
            // The SPA, and the small entry that hydrates the pre-rendered public pages (src/public).
            input: { index: fileURLToPath(new URL('index.html', import.meta.url)), public: fileURLToPath(new URL('src/public/main.tsx', import.meta.url)) },
          },
        }),
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    unstubGlobals: true,
    // Above Testing Library's 15 s wait (src/test/setup.ts) so a failed wait reports its own error.
    testTimeout: 30_000,
  },
}));
