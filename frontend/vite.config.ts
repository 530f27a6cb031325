/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { landingImages } from './build/landing-images.ts';

const backend = 'http://localhost:3000';

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), landingImages()],
  resolve: {
    // Business constants and API types are shared with the backend as TypeScript source.
    alias: [
      { find: '@brandloom/contracts', replacement: fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) },
      // react-admin imports react-router-dom, which in v7 only re-exports react-router: one module,
      // so the console shares the app's router instead of finding no router and making its own.
      { find: 'react-router-dom', replacement: 'react-router' },
      // One tiptap core for the blog editor: npm nests an older copy under ra-input-rich-text that
      // lacks what its newer extensions import.
      { find: /^@tiptap\/core$/, replacement: fileURLToPath(new URL('../node_modules/@tiptap/core/dist/index.js', import.meta.url)) },
    ],
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
    // happy-dom lays nothing out but answers media queries for its window size, so MUI's
    // breakpoints behave as in a browser of that size (src/test/viewport.ts), and it renders faster.
    environment: 'happy-dom',
    // Every core: Vitest's default leaves one idle, which on a two-core machine is half of it.
    maxWorkers: availableParallelism(),
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    // Test files share the modules a worker has loaded instead of importing MUI and react-admin
    // again for each: a third of the time. What modules keep between files is reset in the setup.
    isolate: false,
    css: false,
    unstubGlobals: true,
    // Above Testing Library's 15 s wait (src/test/setup.ts) so a failed wait reports its own error.
    testTimeout: 30_000,
    // Transformed (not loaded by Node as is), so the react-router-dom alias above applies to them too.
    server: { deps: { inline: [/node_modules\/(react-admin|ra-[a-z-]+|react-router|react-router-dom)\//] } },
  },
}));
