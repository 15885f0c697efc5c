import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = process.env.VITE_API_PROXY ?? 'http://localhost:8080';

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: { '@valence/contract': fileURLToPath(new URL('../../packages/contract/src/index.ts', import.meta.url)) },
  },
  server: { proxy: { '/api': { target: apiTarget, changeOrigin: true } } },
  build: { outDir: 'dist', sourcemap: true, chunkSizeWarningLimit: 1500 },
});
