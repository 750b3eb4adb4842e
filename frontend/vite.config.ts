/// <reference types="vitest/config" />
import { copyFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);

// Copies Redoc's standalone bundle next to public/docs/index.html so the docs page works offline.
function redocBundle(): Plugin {
  return {
    name: 'redoc-standalone-bundle',
    apply: 'build',
    closeBundle() {
      const source = resolve(dirname(require.resolve('redoc/package.json')), 'bundles/redoc.standalone.js');
      const targetDir = resolve(import.meta.dirname, 'dist/docs');
      mkdirSync(targetDir, { recursive: true });
      copyFileSync(source, resolve(targetDir, 'redoc.standalone.js'));
    },
  };
}

// The Go server in development; API_PROXY points elsewhere (e.g. an e2e server on another port).
const server = process.env.API_PROXY ?? 'http://localhost:8080';

export default defineConfig(({ isPreview }) => ({
  plugins: [react(), redocBundle()],
  build: { outDir: 'dist', emptyOutDir: true },
  // `vite preview` serves the built docs page itself; `vite` (dev) gets it from the server.
  server: { proxy: isPreview ? undefined : { '/api': server, '/docs/': server, '/r/': server } },
  preview: { proxy: { '/api': server, '/r/': server } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
  },
}));
