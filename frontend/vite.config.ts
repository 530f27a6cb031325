/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    unstubGlobals: true,
    // Above Testing Library's 15 s wait (src/test/setup.ts) so a failed wait reports its own error.
    testTimeout: 30_000,
    // Transformed (not loaded by Node as is), so the react-router-dom alias above applies to them too.
    server: { deps: { inline: [/node_modules\/(react-admin|ra-[a-z-]+|react-router|react-router-dom)\//] } },
  },
});
