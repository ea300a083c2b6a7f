// Probe for power-law SpMV: does keeping the hub columns' x apart in time raise its cache hits? With the columns
// in descending degree order, the product runs as two: y = A_hub x over the columns below K (x[0, K) small enough
// to stay in L1), then y ⊕= A_tail x over the rest, against the whole matrix in one product and cuSPARSE (CuPy)
// on the same matrix in the same run. Paper 002's hierarchy model puts most of R-MAT scale 22's time in x's
// gathers from L2 (README, SpMV on the H200), so more L1 hits on the hubs would show here first. Every product is
// checked against the CPU. Nothing in the library changes until a GPU says it pays.
//   tsx --conditions=source benchmarks/spmv/column-split-probe.ts [--matrix by-degree] [--size large]
//       [--hub-columns 8192,32768,131072] [--format auto] [--runs 5] [--warmup-ms 1000] [--no-peer] [--out DIR]
import { suiteArgs } from '../lib/suite-args.js';
import { orderColumnsByDegree, spmvChecker, SpmvRunner, type SpmvFormat } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import { openDevice } from '@semiforge/runtime';
import { cusparseSpmv } from '../lib/cusparse-peer.js';
import { webgpuContext } from '../lib/gpu-context.js';
import { writeResults, type BenchResult } from '../lib/results.js';
import { splitByColumn } from './column-split.js';
import { matrixSet, SIZES, type SizeName } from './matrices.js';
import { timeQueued, type ProductTiming } from './time-products.js';

const args = suiteArgs({
  options: {
    // A matrix of the size whose name contains this: the R-MAT one relabelled by degree unless told.
    matrix: { type: 'string', default: 'by-degree' },
    size: { type: 'string', default: 'large' },
    'hub-columns': { type: 'string', default: '8192,32768,131072' },
    format: { type: 'string', default: 'auto' },
    runs: { type: 'string', default: '5' },
    'warmup-ms': { type: 'string', default: '1000' },
    'batch-ms': { type: 'string', default: '5' },
    peer: { type: 'boolean', default: true },
    out: { type: 'string', multiple: true },
  },
  allowNegative: true,
});

if (!(args.size in SIZES)) throw new Error(`--size: unknown size '${args.size}' (expected ${Object.keys(SIZES).join(', ')})`);
const made = matrixSet(SIZES[args.size as SizeName]).find((m) => m.name.includes(args.matrix));
if (!made) throw new Error(`--matrix: no matrix of size ${args.size} is named with '${args.matrix}'`);
const hubCounts = args['hub-columns'].split(',').map(Number);
for (const k of hubCounts) if (!(Number.isInteger(k) && k > 0)) throw new Error(`--hub-columns: '${k}' is not a positive integer`);
const format = args.format as SpmvFormat | 'auto';
const timing = { runs: Number(args.runs), warmupMs: Number(args['warmup-ms']), batchMs: Number(args['batch-ms']) };

const user = await made.make();
// The columns in descending degree order (the by-degree matrices are already), x gathered into that order once.
const ordered = orderColumnsByDegree(user);
const csr: Csr = ordered?.matrix ?? user;
const userX = Float32Array.from({ length: user.n }, (_, k) => 1 + (k % 7) / 8);
const x = ordered ? Float32Array.from(ordered.order, (c) => userX[c]) : userX;
const nnz = csr.indices.length;
const flops = 2 * nnz;
const checker = spmvChecker(csr, x, { semiring: 'plus-times' });

const device = await openDevice();
const context = { ...webgpuContext('spmv-column-split-probe', device), command: `tsx benchmarks/spmv/column-split-probe.ts ${process.argv.slice(2).join(' ')}` };
console.error(`${made.name}: n ${csr.n}, nnz ${nnz}${ordered ? ', columns renumbered by degree' : ''}, on ${context.device}`);
const buffers = { x: await device.createStorage('probe.x', x), y: await device.createBuffer('probe.y', 4 * csr.n, 'storage') };

/** K products of the runners in one submit, each runner after the one before on the same y. */
async function timeRunners(runners: readonly SpmvRunner[]): Promise<ProductTiming> {
  return timeQueued(async (k) => {
    const batch = device.batch({ label: `column split x${k}` });
    for (let i = 0; i < k; i++) for (const r of runners) r.encode(batch, buffers);
    const { gpuTimeMs } = await batch.submit();
    if (gpuTimeMs === undefined) throw new Error('the probe needs the timestamp-query feature, which this device lacks');
    return gpuTimeMs / k;
  }, timing);
}

const peerRun = args.peer ? await cusparseSpmv(csr, x, { runs: timing.runs, batch: Math.max(1, Math.ceil(timing.batchMs / ((8 * nnz) / 1e9))), warmupMs: timing.warmupMs }) : { unavailable: 'not run (--no-peer)' };
const peer = 'time_ms' in peerRun && peerRun.validated ? peerRun : undefined;
if (!peer) console.error(`no cuSPARSE peer: ${'unavailable' in peerRun ? peerRun.unavailable : 'its product did not validate'}`);

const results: BenchResult[] = [];
function record(variant: string, params: Record<string, number | string>, t: ProductTiming, validated: boolean, validation: string): void {
  const gflops = flops / (t.time_ms.median * 1e6);
  results.push({
    case: `spmv column split ${made!.name} ${variant}`,
    params: { class: made!.class, matrix: made!.name, n: csr.n, nnz, semiring: 'plus-times', type: 'f32', backend: 'webgpu', metric: 'gflops', ...params },
    metric: 'gflops',
    value: gflops,
    unit: 'GFLOP/s',
    time_ms: t.time_ms,
    ...(peer ? { peer: { name: peer.name, value: flops / (peer.time_ms.median * 1e6), same_run: true }, ratio_to_peer: peer.time_ms.median / t.time_ms.median } : {}),
    validated,
    validation,
  });
  const ratio = peer ? `, ${(peer.time_ms.median / t.time_ms.median).toFixed(3)}× cuSPARSE (${peer.time_ms.median.toFixed(4)} ms)` : '';
  console.log(`${variant.padEnd(34)} ${t.time_ms.median.toFixed(4)} ms  ${gflops.toFixed(1)} GFLOP/s${ratio}  ${validated ? 'valid' : `INVALID: ${validation}`}`);
}

const whole = await SpmvRunner.create(device, csr, { format });
const wholeCheck = checker.check((await whole.run(x)).y);
record(`whole (${whole.plan.format})`, { format: whole.plan.format, hub_columns: 0 }, await timeRunners([whole]), wholeCheck.ok, wholeCheck.ok ? 'whole y vs the CPU reference' : `row ${wholeCheck.row}`);
whole.destroy();

for (const k of hubCounts.filter((k) => k < csr.n)) {
  const { hub, tail } = splitByColumn(csr, k);
  const first = await SpmvRunner.create(device, hub, { format });
  const second = await SpmvRunner.create(device, tail, { format, accumulate: true });
  const y = (await second.run(x, { y: (await first.run(x)).y })).y;
  const check = checker.check(y);
  const share = hub.indices.length / nnz;
  const variant = `hub columns < ${k} (${(100 * share).toFixed(1)}% of nonzeros)`;
  record(variant, { format: `${first.plan.format}+${second.plan.format}`, hub_columns: k, hub_share: share }, await timeRunners([first, second]), check.ok, check.ok ? 'whole y vs the CPU reference' : `row ${check.row}`);
  first.destroy();
  second.destroy();
}
for (const path of writeResults('spmv-column-split-probe', context, results, args.out ?? [])) console.error(`wrote ${path}`);
device.destroy();
if (results.some((r) => !r.validated)) process.exitCode = 1;
