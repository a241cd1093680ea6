/// <reference types="vitest/config" />
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const alias = {
  '@': fileURLToPath(new URL('./src', import.meta.url)),
  '@common': fileURLToPath(new URL('./common', import.meta.url)),
};

// In `npm run dev` the API listens on 3001 and Vite proxies /api to it, so the SPA
// and the API share one origin exactly as in production.
const apiDevTarget = process.env.API_DEV_TARGET ?? 'http://127.0.0.1:3001';

export default defineConfig({
  plugins: [react()],
  resolve: { alias },
  server: {
    port: 3000,
    proxy: { '/api': { target: apiDevTarget, changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
    // scripts/bundle-budget.mjs reads the manifest to size each route's JavaScript.
    manifest: true,
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'client',
          environment: 'jsdom',
          include: ['test/**/*.test.{ts,tsx}'],
          exclude: ['test/e2e/**'],
          setupFiles: ['test/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server-sqlite',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
          env: { TEST_DB: 'sqlite' },
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'server-postgres',
          environment: 'node',
          include: ['server/test/**/*.test.ts'],
          env: { TEST_DB: 'postgres' },
          globalSetup: ['server/test/postgres-global-setup.ts'],
          testTimeout: 30000,
          hookTimeout: 60000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'reliability',
          environment: 'node',
          include: ['server/reliability/**/*.test.ts'],
          globalSetup: ['server/test/postgres-global-setup.ts'],
          // One file at a time: these tests spawn servers, kill them and time logins, so they
          // must not compete with each other for the two CPU cores.
          fileParallelism: false,
          testTimeout: 120000,
          hookTimeout: 120000,
        },
      },
    ],
  },
});
