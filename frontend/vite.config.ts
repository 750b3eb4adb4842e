/// <reference types="vitest/config" />
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const require = createRequire(import.meta.url);

// Redoc's sidebar shows Redocly's logo from its CDN, which the docs page's Content-Security-Policy
// blocks (and reports): the copy shows an empty image instead, and the page loads nothing from elsewhere.
const REDOCLY_LOGOS = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='1' height='1'/%3E";

// Copies Redoc's standalone bundle next to public/docs/index.html so the docs page works offline.
function redocBundle(): Plugin {
  return {
    name: 'redoc-standalone-bundle',
    apply: 'build',
    closeBundle() {
      const source = resolve(dirname(require.resolve('redoc/package.json')), 'bundles/redoc.standalone.js');
      const targetDir = resolve(import.meta.dirname, 'dist/docs');
      mkdirSync(targetDir, { recursive: true });
      const bundle = readFileSync(source, 'utf8');
      if (!REDOCLY_LOGOS.test(bundle)) throw new Error('redoc: the CDN logo to replace is gone; check the docs page for requests to other hosts');
      writeFileSync(resolve(targetDir, 'redoc.standalone.js'), bundle.replace(REDOCLY_LOGOS, EMPTY_SVG));
    },
  };
}

// The chunks of a cold load's first screens. Left to itself, Rolldown split what the lazy pages share
// into ~25 small chunks, and over HTTP/1.1 (6 connections per host) a cold /auth queued 24 script
// requests, /dashboard 35. Each group takes the modules it names plus their static imports (not yet
// taken by an earlier group); what a later screen shares with an earlier one it imports from there.
const firstScreenChunks = [
  // The entry's static imports: React, the router, react-query, i18next, MUI's core.
  { name: 'app', tags: ['$initial' as const], priority: 4 },
  // The sign-in screen, with the form controls the shell also uses (text fields, lists, toggles).
  { name: 'auth', test: /[\\/]src[\\/]pages[\\/]auth[\\/]AuthPage\.tsx$/, priority: 3 },
  // The shell around every signed-in page: side menu, navbar, user summary.
  { name: 'shell', test: /[\\/]src[\\/]shell[\\/]DashboardShell\.tsx$/, priority: 2 },
  // The dashboard, the first section after sign-in: one chunk per account type, the brand's first, so
  // that what the three share is in the brand's chunk and a brand's cold load fetches nothing else.
  { name: 'dashboard-brand', test: /[\\/]src[\\/]sections[\\/]dashboards[\\/]BrandDashboard\.tsx$/, priority: 1 },
  { name: 'dashboard-affiliate', test: /[\\/]src[\\/]sections[\\/]dashboards[\\/]AffiliateDashboard\.tsx$/, priority: 0.8 },
  { name: 'dashboard-host', test: /[\\/]src[\\/]sections[\\/]dashboards[\\/]HostDashboard\.tsx$/, priority: 0.6 },
];

// The Go server in development; API_PROXY points elsewhere (e.g. an e2e server on another port).
const server = process.env.API_PROXY ?? 'http://localhost:8080';

export default defineConfig(({ isPreview }) => ({
  plugins: [react(), redocBundle()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: { output: { codeSplitting: { groups: firstScreenChunks } } },
  },
  // `vite preview` serves the built docs page itself; `vite` (dev) gets it from the server.
  server: { proxy: isPreview ? undefined : { '/api': server, '/docs/': server, '/r/': server } },
  preview: { proxy: { '/api': server, '/r/': server } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Above the 5 s that findBy and waitFor may wait (src/test/setup.ts).
    testTimeout: 20000,
  },
}));
