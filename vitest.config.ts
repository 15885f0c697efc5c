import { readdirSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const root = fileURLToPath(new URL('.', import.meta.url));
const contractSource = fileURLToPath(new URL('./packages/contract/src/index.ts', import.meta.url));
const alias = { '@valence/contract': contractSource };

/**
 * Test files under `dir` (paths relative to the repository) that need a module graph of their own:
 * those that replace a module (`vi.mock`), and, in the web app, those that wait for KaTeX to typeset
 * (the renderer is loaded once per module graph, and its mhchem macros do not survive a shared one).
 * Every other file of the web and API tiers runs in a worker that keeps the modules the files
 * before it loaded (`isolate: false`): importing Mantine, Fastify and the contract once per worker
 * instead of once per file took the web tier from 205 to 133 s and the API tier from 345 to 230 s on
 * a 2-core machine.
 */
function filesNeedingOwnModules(dir: string, pattern: RegExp, needs: RegExp): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .map((file) => `${dir}/${file.split(path.sep).join('/')}`)
    .filter((file) => pattern.test(file) && needs.test(readFileSync(path.join(root, file), 'utf8')))
    .sort();
}

// The web projects' paths are relative to apps/web, their root.
const webOwnModules = filesNeedingOwnModules('apps/web/src', /\.test\.tsx?$/, /\bvi\.mock\(|katex/).map((file) =>
  file.replace(/^apps\/web\//, ''),
);
const apiOwnModules = filesNeedingOwnModules('apps/server/src', /\.api\.test\.ts$/, /\bvi\.mock\(/);

const webProject = (name: string, files: { include: string[]; exclude?: string[] }, isolate: boolean) => ({
  extends: './apps/web/vite.config.ts',
  resolve: { alias },
  test: {
    name,
    root: './apps/web',
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // A form filled in key by key takes 5 s in jsdom on a loaded 2-core machine (Vitest's default limit).
    testTimeout: 15_000,
    ...files,
    isolate,
  },
});
const apiProject = (name: string, files: { include: string[]; exclude?: string[] }, isolate: boolean) => ({
  resolve: { alias },
  test: {
    name,
    environment: 'node',
    globalSetup: ['./apps/server/src/test/pglite-template.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    ...files,
    isolate,
  },
});

/**
 * Three tiers (docs/architecture.md): unit beside the code (server and contract in node, web in jsdom), API
 * integration through app.inject (`*.api.test.ts`), and browser journeys (`e2e/*.e2e.ts`). The web and
 * API tiers are each two projects, `web` + `web:own-modules` and `api` + `api:own-modules`
 * (`--project 'api*'` runs both).
 */
export default defineConfig({
  test: {
    // Vitest's default is one worker fewer than the cores: a single worker on a 2-core machine, which
    // left one core idle while its main process waited (the tiers before the browser journeys took
    // 14 min instead of 10).
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
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
      webProject('web', { include: ['src/**/*.test.{ts,tsx}'], exclude: webOwnModules }, false),
      webProject('web:own-modules', { include: webOwnModules }, true),
      apiProject('api', { include: ['apps/server/src/**/*.api.test.ts'], exclude: apiOwnModules }, false),
      apiProject('api:own-modules', { include: apiOwnModules }, true),
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
