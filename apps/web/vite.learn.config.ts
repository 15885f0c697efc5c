import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { LEARN_PAGES } from './src/learn/app/lazy-pages.ts';
import { appAliases } from './vite-aliases.ts';
import { lazySchemas } from './vite-plugin-lazy-schemas.ts';
import { pagePreload } from './vite-plugin-page-preload.ts';
import { precompress } from './vite-plugin-precompress.ts';

/**
 * The students' app: its own entry (learn/index.html → src/learn), built into dist/learn and served
 * under /learn, so a student never downloads the portal's code and staff never download this.
 * It is built after the portal, whose build empties dist/.
 */
export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('./learn', import.meta.url)),
  base: '/learn/',
  // The screen a link opens (an exam, a lecture) downloads beside the first bundle (see lazy-pages.ts).
  plugins: [react(), lazySchemas(), pagePreload({ pages: LEARN_PAGES, routesDir: '../src/learn' }), precompress()],
  resolve: { alias: appAliases(command) },
  server: { proxy: { '/api': { target: process.env.VITE_API_PROXY ?? 'http://localhost:8080', changeOrigin: true } } },
  build: {
    outDir: fileURLToPath(new URL('./dist/learn', import.meta.url)),
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // What the first paint needs in one file; each screen and heavy tool (pdf-lib, KaTeX) apart.
        codeSplitting: { groups: [{ name: 'learn', tags: ['$initial'] }] },
      },
    },
  },
}));
