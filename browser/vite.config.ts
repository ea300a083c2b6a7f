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
  // Nothing here keeps the CUDA backend out: algorithms' package.json maps it to an empty module for browsers,
  // as any application's bundler finds it (the page checks that asking for backend 'cuda' is refused).
  build: { target: 'es2022', outDir: 'dist', emptyOutDir: true, chunkSizeWarningLimit: 8192 },
  logLevel: 'warn',
});
