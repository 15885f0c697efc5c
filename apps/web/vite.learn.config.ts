import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './vite-plugin-precompress.ts';

/**
 * The students' app: its own entry (learn/index.html → src/learn), built into dist/learn and served
 * under /learn, so a student never downloads the portal's code and staff never download this.
 * It is built after the portal, whose build empties dist/.
 */
export default defineConfig({
  root: fileURLToPath(new URL('./learn', import.meta.url)),
  base: '/learn/',
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@valence/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)) },
  },
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
});
