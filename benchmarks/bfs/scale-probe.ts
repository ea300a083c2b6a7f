// Probe (not a suite): where a scale-26 Kronecker graph goes wrong. Prints counts after each build step:
// tuples, the symmetrised CSR, the degree ordering, and the .sfg round trip.
//   node .device/scale-probe.mjs 26 /tmp/probe.sfg
import { availableParallelism } from 'node:os';
import { csrFromEdges, generateKroneckerParallel, readGraphBinary, relabelByDegreeParallel, writeGraphBinary, type Csr } from '@semiforge/graph-io';

const scale = Number(process.argv[2] ?? 26);
const sfg = process.argv[3];
const threads = availableParallelism();
let t = performance.now();
const lap = () => {
  const s = ((performance.now() - t) / 1e3).toFixed(1);
  t = performance.now();
  return `${s} s`;
};
function describe(what: string, csr: Csr): void {
  let isolated = 0;
  let falls = 0;
  for (let v = 0; v < csr.n; v++) {
    if (csr.indptr[v + 1] === csr.indptr[v]) isolated++;
    if (csr.indptr[v + 1] < csr.indptr[v]) falls++;
  }
  const degrees = [0, 1, 2, 3].map((v) => csr.indptr[v + 1] - csr.indptr[v]).join(',');
  let badIds = 0;
  for (let p = 0; p < csr.indices.length; p += 4099) if (csr.indices[p] >= csr.n) badIds++;
  console.log(`${what}: n ${csr.n}, indices ${csr.indices.length}, indptr[n] ${csr.indptr[csr.n]}, isolated ${isolated}, decreasing starts ${falls}, first degrees ${degrees}, sampled ids out of range ${badIds}, ${lap()}`);
}
const tuples = await generateKroneckerParallel({ scale, edgeFactor: 16, seed: 1, threads });
let loops = 0;
for (let k = 0; k < tuples.src.length; k++) if (tuples.src[k] === tuples.dst[k]) loops++;
console.log(`scale ${scale}: tuples ${tuples.src.length} (${tuples.src.byteLength} B), self-loops ${loops}, expected arcs ${2 * tuples.src.length - loops}, ${lap()}`);
const csr = csrFromEdges(tuples, { symmetrize: true });
describe('csr', csr);
const ordered = await relabelByDegreeParallel(csr, { threads });
describe('degree-ordered', ordered);
if (sfg) {
  await writeGraphBinary(sfg, ordered);
  lap();
  describe('read back from .sfg', await readGraphBinary(sfg));
}
