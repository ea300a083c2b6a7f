import { spmv } from '@semiforge/algorithms';
import { csrFromEdges, edgeListFromArrays } from '@semiforge/graph-io';
import { expectThat, type BrowserCheck } from './check.js';

/**
 * A page has no CUDA: the bundler replaced `@semiforge/runtime-cuda` with an empty module (algorithms'
 * package.json `browser` field, no setting of the page's), and asking for the CUDA backend says so by name.
 */
export const CUDA_REFUSED_CHECK: BrowserCheck = {
  name: "backend 'cuda' in a page: refused by name, the CUDA backend left out of the bundle",
  run: async () => {
    const csr = csrFromEdges(edgeListFromArrays(2, [0], [1]));
    const refusal = await spmv(undefined, csr, [1, 1], { backend: 'cuda' }).then(
      () => undefined,
      (e: Error) => e.message,
    );
    expectThat(refusal !== undefined && refusal.includes("backend 'cuda' needs the package @semiforge/runtime-cuda"), `spmv with backend 'cuda' gave ${refusal ?? 'a result'}`);
    return refusal;
  },
};
