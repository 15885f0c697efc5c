import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { LAZY_PAGES } from './src/app/lazy-pages.ts';
import { appAliases } from './vite-aliases.ts';
import { lazySchemas } from './vite-plugin-lazy-schemas.ts';
import { pagePreload } from './vite-plugin-page-preload.ts';
import { precompress } from './vite-plugin-precompress.ts';
import { stableIds } from './vite-plugin-stable-ids.ts';

const FEATURE_INDEX = /[\\/]src[\\/]features[\\/][^\\/]+[\\/]index\.ts$/;
const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:8080';

export default defineConfig(({ command }) => ({
  plugins: [
    react(),
    // The contract's schemas are built on first use, not as a page's code loads (see the plugin).
    lazySchemas(),
    // zod runs before any page's code (every page imports the contract): preloaded at low priority it
    // came last, and the course page's first paint of its data moved from 2.9 to 3.3 s.
    pagePreload({ pages: LAZY_PAGES, routesDir: 'src/app/routes', urgent: ['zod'] }),
    precompress(),
    // Mantine's inputs drew twice on mount to swap in a random id (see the plugin).
    stableIds(),
  ],
  resolve: { alias: appAliases(command) },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
  // No source maps in the served build: they would publish the whole source next to the bundles.
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // A feature's index.ts only re-exports: importing one hook from it must not put the feature's
      // other parts (the sign-in form, for the layout's logout) into the importer's chunk.
      treeshake: { moduleSideEffects: (id) => (FEATURE_INDEX.test(id) ? false : undefined) },
      output: {
        codeSplitting: {
          // Everything the first paint needs in one file: each extra request costs a round trip and
          // a kilobyte of headers, and rolldown would otherwise split it into seven.
          groups: [
            { name: 'app', tags: ['$initial'] },
            // zod, kept out of the first bundle (sign-in has no use for it) and out of `shared`, so that
            // pages can preload it ahead of their own code.
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 1 },
            // The lazy pages would otherwise share forty small chunks (a Mantine component, an icon, a
            // helper each). Over HTTP/1.1 a browser fetches six at a time, so a page waited for seven
            // round trips of them; two shared chunks cost a few kilobytes a page does not use instead.
            { name: 'ui', test: /node_modules[\\/](@mantine|@tabler|@floating-ui)[\\/]/, minShareCount: 4 },
            // Small Mantine parts and icons that two or three pages share (a progress bar, a list, an icon
            // of a few hundred bytes), in one file: the course page preloaded twelve chunks instead of
            // seven without it, and its description painted 0.25 s later in Lighthouse's simulated phone;
            // every page now fetches these 7 KB, which cost the dashboard and Manage Exams 0.02–0.06 s.
            {
              name: 'ui-small',
              test: /node_modules[\\/](@mantine|@tabler|@floating-ui)[\\/]/,
              minShareCount: 2,
              maxModuleSize: 6000,
            },
            // The portal's own code and the contract's schemas that two pages or more use. Features and the
            // contract were left out once: the dashboard then preloaded eleven chunks instead of six (a
            // query hook, a card, a schema file of 1–2 KB each) and its heading painted 0.17 s later in
            // Lighthouse's simulated phone.
            {
              name: 'shared',
              test: /[\\/](apps[\\/]web[\\/]src[\\/](lib|components|features)|packages[\\/]contract[\\/]src)[\\/]/,
              minShareCount: 2,
            },
          ],
        },
      },
    },
  },
}));
