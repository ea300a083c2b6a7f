import { spmv, verifySpmv, type SpmvFormat } from '@semiforge/algorithms';
import { csrFromEdges, readMatrixMarket, type Csr } from '@semiforge/graph-io';
import { expectThat, type BrowserCheck, type CheckContext } from './check.js';

const FORMATS: readonly (SpmvFormat | 'auto')[] = ['auto', 'csr-scalar', 'csr-vector', 'ell', 'sell', 'fold', 'csr-merge', 'csr-stream'];
const SEMIRINGS = ['plus-times', 'min-plus', 'max-min'] as const;

// HB/bcsstk13 (2003 rows, 83,883 nonzeros once both triangles are expanded, rows of 1 to 95): real values,
// uneven rows, so every format has work to do; read once for all of them.
let matrix: Promise<Csr> | undefined;
const bcsstk13 = (context: CheckContext) => (matrix ??= context.fetchText('lagraph/bcsstk13.mtx').then((text) => csrFromEdges(readMatrixMarket(text), { sortRows: true })));

/** x with values in [0.5, 1.5), the same every run. */
function vectorFor(n: number): Float32Array {
  return Float32Array.from({ length: n }, (_, i) => 0.5 + ((i * 2654435761) % 1000) / 1000);
}

/** Every SpMV format (and the automatic choice) over three semirings on a real SuiteSparse matrix. */
export const SPMV_CHECKS: readonly BrowserCheck[] = FORMATS.map((format) => ({
  name: `spmv: bcsstk13.mtx (SuiteSparse), format ${format}, ${SEMIRINGS.join(' / ')}`,
  run: async (context) => {
    const csr = await bcsstk13(context);
    const x = vectorFor(csr.n);
    const chosen: string[] = [];
    for (const semiring of SEMIRINGS) {
      const { y, plan } = await spmv(context.device, csr, x, { format, semiring });
      const v = verifySpmv(csr, x, y, { semiring });
      expectThat(v.ok, `${semiring}: row ${v.row} = ${v.got}, the CPU's ${v.expected} (bound ${v.bound})`);
      chosen.push(plan.format);
    }
    return `${csr.n} rows, ${csr.indices.length} nonzeros, ran ${[...new Set(chosen)].join(', ')}: y = CPU for each semiring`;
  },
}));
