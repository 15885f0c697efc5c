import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Alias } from 'vite';

const require = createRequire(import.meta.url);

/**
 * What both apps' builds resolve differently from the packages' own entries:
 * - `@valence/contract` from its TypeScript source, so the bundle needs no contract build first;
 * - `react-router`, in a build, to its production files. Its package names no production condition,
 *   so a bundler always gets the development files, which differ by one flag that turns on console
 *   warnings (and their texts) on every render of the routes.
 */
export function appAliases(command: 'build' | 'serve'): Alias[] {
  const aliases: Alias[] = [
    {
      find: '@valence/contract',
      replacement: fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)),
    },
  ];
  if (command === 'build') {
    const routerRoot = path.dirname(require.resolve('react-router/package.json'));
    aliases.push({ find: /^react-router$/, replacement: path.join(routerRoot, 'dist/production/index.mjs') });
  }
  return aliases;
}
