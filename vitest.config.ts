import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const contractSource = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));
const alias = { '@valence/contract': contractSource };

/**
 * Three tiers (docs/architecture.md): unit beside the code (server and contract in node, web in jsdom), API
 * integration through app.inject (`*.api.test.ts`), and browser journeys (`e2e/*.e2e.ts`).
 */
export default defineConfig({
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/contract/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'apps/web/vite-*.test.ts'],
          exclude: ['**/*.api.test.ts', '**/node_modules/**'],
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        resolve: { alias },
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['./src/test/setup.ts'],
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.api.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve: { alias },
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.ts'],
          globalSetup: ['./e2e/global-setup.ts'],
          fileParallelism: false,
          testTimeout: 90_000,
          hookTimeout: 90_000,
        },
      },
    ],
  },
});
