// Builds the browser check page (index.html → src/main.ts) with the workspace packages taken from their
// TypeScript sources, as an application using Semiforge would bundle them. The shared data files (real
// SuiteSparse and SNAP graphs) are the page's public folder: fetched at /lagraph/…, /snap/….
//   npx vite --config browser/vite.config.ts          (then open the printed address in a WebGPU browser)
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';

/** ../shared/data beside the repository. */
export const SHARED_DATA = fileURLToPath(new URL('../../shared/data', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  publicDir: SHARED_DATA,
  resolve: { conditions: ['source', ...defaultClientConditions] },
  // A page has no CUDA: algorithms' lazy import of the CUDA backend (koffi, nvcc) stays out of the bundle, and
  // asking for backend 'cuda' there fails with algorithms' "needs the package" error.
  build: {
    target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 8192,
    rollupOptions: { external: ['@semiforge/runtime-cuda'] },
  },
  logLevel: 'warn',
});
