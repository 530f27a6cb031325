/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const backend = 'http://localhost:3000';

export default defineConfig({
  plugins: [react()],
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
});
