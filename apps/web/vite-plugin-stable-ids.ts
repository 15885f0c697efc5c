import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

/** Mantine's id hook, wherever npm put the package. */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;
const REPLACEMENT = fileURLToPath(new URL('./src/lib/mantine-use-id.ts', import.meta.url));

/**
 * Builds Mantine with `src/lib/mantine-use-id.ts` in place of its own `useId`, which renders every
 * input a second time after mount to swap in a random id (the module says why that matters). Only
 * the build is changed; tests and the dev server run Mantine as published.
 */
export function stableIds(): Plugin {
  return {
    name: 'valence-stable-ids',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (!source.includes('use-id')) return null;
      const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
      return resolved && MANTINE_USE_ID.test(resolved.id) ? REPLACEMENT : null;
    },
  };
}
