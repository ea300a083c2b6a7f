// SpMV suite (issue 4): every kernel format and the automatic choice on matrices of five classes (power-law,
// 2-D/3-D stencil, banded, uniform, road), plus-times f32 as the metric and min-plus beside it, each product
// validated against the CPU, set against the copy bandwidth measured in the same run and against cuSPARSE
// (CuPy) on the same matrices in the same run; writes results/spmv-<device>-<date>.json after every matrix,
// so that a run cut short keeps what it measured.
//   tsx --conditions=source benchmarks/spmv/run.ts [--sizes small,medium,large] [--classes power-law,stencil] [--matrices stencil3d]
//       [--runs 5] [--no-peer] [--no-min-plus] [--sweep] [--formats csr-merge,sell] [--variant fold/w=128,u=4 …] [--reorder auto,hot,none] [--hot-columns 8192,32768]
//       [--stream-items 4,8,16] [--stream-threads 128,256] [--merge EARLIER.json] [--cuda-clock] [--rounds 5] [--out DIR]
//   tsx --conditions=source benchmarks/spmv/run.ts --quick      (tiny matrices: a check on a software adapter)
import { suiteArgs } from '../lib/suite-args.js';
import { orderColumnsByDegree, type Correlation, type SpmvReorder } from '@semiforge/algorithms';
import { openDevice } from '@semiforge/runtime';
import { copyBandwidth } from '../lib/copy-bandwidth.js';
import { gatherBandwidth } from '../lib/gather-bandwidth.js';
import { cusparsePeer, type CusparseRun } from '../lib/cusparse-peer.js';
import { webgpuContext } from '../lib/gpu-context.js';
import { earlierResults } from '../lib/merge-results.js';
import { cudaClockFlag } from '../lib/compute-clock.js';
import { writeResults, type BenchResult } from '../lib/results.js';
import { formatTable } from '../lib/text-table.js';
import { matrixSelection, matrixSet, SIZES, type MatrixCase } from './matrices.js';
import { measureMatrix } from './measure-matrix.js';
import { modelFit, modelOf } from './model-fit.js';
import { spmvResults, TABLE_HEADER, tableRow, type Measured } from './report.js';
import { parseVariantLabel, spmvVariants, variantKnobs } from './variants.js';

const args = suiteArgs({
  options: {
    sizes: { type: 'string', default: 'small,medium' },
    // Some of power-law, stencil, banded, uniform, road (default all): to split a large run over commands.
    classes: { type: 'string' },
    // Only matrices whose name starts with one of these, e.g. stencil3d,band: finer than --classes.
    matrices: { type: 'string' },
    quick: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    // Time cuSPARSE and then every variant this many times in turn on each matrix, each figure pooling its
    // rounds: for a verdict within the drift between commands (keep the variants few: their runners stay).
    rounds: { type: 'string', default: '1' },
    'warmup-ms': { type: 'string', default: '1000' },
    // Products per submit: enough for one submit to last about this long (see time-products.ts).
    'batch-ms': { type: 'string', default: '5' },
    'bandwidth-mib': { type: 'string', default: '1024' },
    'ell-max-padding': { type: 'string', default: '4' },
    'min-plus': { type: 'boolean', default: true },
    // Also the knob values of the load-balanced formats (variants.ts), to choose their defaults from measurements.
    sweep: { type: 'boolean', default: false },
    // Only these formats (and auto), e.g. csr-merge,sell: to split a run.
    formats: { type: 'string' },
    // Just these variants (and auto), by their labels in the table, e.g. --variant fold/w=128,u=4 --variant fold/u=8:
    // knob values the sweep lacks, or a few of its own.
    variant: { type: 'string', multiple: true, default: [] },
    // The automatic choice once per setting of its column renumbering: auto (the library's rule), degree (always),
    // hot (only the hottest columns, to the front), none (never); `auto,none` times it with and without renumbered
    // columns in one run, beside the same cuSPARSE.
    reorder: { type: 'string', default: 'none' },
    // With --reorder hot: the automatic choice once per count of hot columns, e.g. 8192,32768,131072.
    'hot-columns': { type: 'string' },
    // csr-stream (row blocks, CSR-Adaptive) once per nonzeros an invocation × invocations a workgroup, e.g. 4,8,16
    // and 128,256 (default: the library's 8 and 256).
    'stream-items': { type: 'string' },
    'stream-threads': { type: 'string' },
    peer: { type: 'boolean', default: true },
    out: { type: 'string', multiple: true, default: ['benchmarks/results'] },
    // Start no variant or matrix after this many seconds (the GPU host's commands are cut at 600 s).
    'budget-s': { type: 'string', default: '540' },
    // An earlier run's results file on the same device (e.g. the small and medium sizes), kept in this run's
    // file: sizes too long for one command on the GPU host run in two.
    merge: { type: 'string' },
    // Dawn instance flags, e.g. enable-dawn-features=disable_robustness (no bounds clamping of storage accesses:
    // what the clamping costs); recorded in the results file, so keep such runs in their own --out.
    'dawn-flag': { type: 'string', multiple: true, default: [] },
    // Hold a CUDA context for the run (the SSSP and BFS suites' flag): whether Dawn's work runs at another SM
    // clock than while the timed batches alone keep the GPU busy. Results say `CUDA context held`.
    'cuda-clock': { type: 'boolean', default: false },
  },
  allowNegative: true,
});

const { sizes, classes } = matrixSelection(args);
const names = args.matrices?.split(',');
const runs = Number(args.runs);
const rounds = Number(args.rounds);
if (!(Number.isInteger(rounds) && rounds >= 1)) throw new Error(`--rounds: '${args.rounds}' is not a positive integer`);
const warmupMs = args.quick ? 50 : Number(args['warmup-ms']);
const runStarted = performance.now();
const options = { runs, rounds, warmupMs, deadline: runStarted + 1e3 * Number(args['budget-s']), firstWarmupMs: args.quick ? warmupMs : warmupMs + 1500, batchMs: Number(args['batch-ms']), ellMaxPadding: Number(args['ell-max-padding']) };
const reorders = args.reorder.split(',') as SpmvReorder[];
const hotColumns = args['hot-columns']?.split(',').map(Number);
const streamItems = args['stream-items']?.split(',').map(Number);
const streamThreads = args['stream-threads']?.split(',').map(Number);
const variants = [
  ...spmvVariants({ minPlus: args['min-plus'], sweep: args.sweep, reorders, hotColumns, streamItems, streamThreads }).filter(
    (v) => v.format === 'auto' || (args.variant.length === 0 && (!args.formats || args.formats.split(',').includes(v.format))),
  ),
  ...args.variant.map(parseVariantLabel),
];

const dawnFlags = args['dawn-flag'];
const clockHold = await cudaClockFlag(args['cuda-clock']);
const device = await openDevice({ dawnFlags });
const context = webgpuContext('spmv', device);
const outDirs = args.out;
console.error(`spmv suite on ${context.device} (${device.describe().description}); sizes ${sizes.join(', ')}${dawnFlags.length ? `; Dawn flags ${dawnFlags.join(' ')}` : ''}`);

// The limit, measured first; its 1.5 s of copying also brings an idle GPU up to its clocks.
const bandwidthMiB = args.quick ? 16 : Number(args['bandwidth-mib']);
const bandwidth = await copyBandwidth(device, { bytes: bandwidthMiB * 2 ** 20, runs, warmupMs: args.quick ? 50 : 1500 });
console.error(bandwidth ? `bandwidth ${(bandwidth.value / 1e9).toFixed(0)} GB/s: ${bandwidth.name}` : 'no GPU timestamps: no bandwidth limit');
// The L2 gather rate the hierarchy-aware model needs, from a vector the size of a large matrix's x.
const l2Gather = bandwidth && (await gatherBandwidth(device, { vectorBytes: (args.quick ? 1 : 16) * 2 ** 20, runs, warmupMs: args.quick ? 50 : 300 }));
if (l2Gather) console.error(`L2 gathers ${(l2Gather.value / 1e9).toFixed(0)} GB/s: ${l2Gather.name}`);

const results: BenchResult[] = args.merge ? earlierResults(args.merge, 'spmv', context.device) : [];
const table: string[][] = [TABLE_HEADER];
const skipped: string[] = [];
// Why no result has a peer, once the peer could not run (it is not tried again).
let peerMissing = args.peer ? undefined : 'not run (--no-peer)';
// What belongs to the run as a whole: the limit, the peer, how paper 002's predictions follow the measurements.
const summary = () => ({ bandwidth, l2Gather, ...(dawnFlags.length ? { dawn_flags: dawnFlags } : {}), peer: peerMissing ?? 'cuSPARSE through CuPy, same GPU, same run', models: modelFit(results) });
for (const size of sizes) {
  const wanted = (m: MatrixCase) => (!classes || classes.includes(m.class)) && (!names || names.some((prefix) => m.name.startsWith(prefix)));
  for (const matrix of matrixSet(SIZES[size]).filter(wanted)) {
    if (performance.now() > options.deadline) {
      skipped.push(`${matrix.name}: past the run's time budget (--budget-s)`);
      continue;
    }
    const started = performance.now();
    const csr = await matrix.make();
    console.error(`${matrix.class} ${matrix.name}: n ${csr.n}, nnz ${csr.indices.length}, made in ${((performance.now() - started) / 1e3).toFixed(1)} s`);
    const x = Float32Array.from({ length: csr.n }, (_, k) => 1 + (k % 7) / 8);
    // The peer first in each round, so that each of our results can be written, with its ratio, as soon as it is measured.
    const peer = peerMissing ? undefined : await cusparsePeer(csr, x, { runs, batch: peerBatch(csr.indices.length), warmupMs });
    const peerRound = (): CusparseRun | undefined => {
      const tried = peerMissing ? undefined : peer?.time();
      if (tried && 'unavailable' in tried) console.error((peerMissing = tried.unavailable));
      if (tried && 'time_ms' in tried && !tried.validated) console.error(`  cuSPARSE's product failed the SciPy check: not quoted`);
      return tried && 'time_ms' in tried ? tried : undefined;
    };
    const model = (of: typeof csr) => bandwidth && modelOf(of, bandwidth.value / 1e9, l2Gather && l2Gather.value / 1e9);
    const predict = model(csr);
    // A product with renumbered columns is predicted from the factors of the matrix as it ran (its x locality is
    // what the renumbering changes), made the first time one runs.
    let predictReordered: typeof predict;
    let mark = performance.now();
    // Where each variant's pair of results and table row are, to be replaced by the next round's pooled figures.
    const placed = new Map<Measured['variant'], { result: number; row: number; round: number }>();
    // The peer's files (the matrix, about 1 GB at the large size) go whatever happens to the measurement.
    const measuredMatrix = await measureMatrix(
      device,
      matrix,
      csr,
      x,
      variants,
      options,
      (measured, peerRun) => {
        // Hot columns first: predicted from the matrix as given (the factors take columns below n), with the gather's traffic.
        const hot = measured.variant.reorder === 'hot';
        const degreeOrder = measured.reordered && !hot;
        if (degreeOrder && predictReordered === undefined) predictReordered = model(orderColumnsByDegree(csr)?.matrix ?? csr);
        // As it ran: a matrix already in the order asked for was not renumbered (and takes no hotColumns then).
        const { hotColumns, ...rest } = variantKnobs(measured.variant);
        const knobs = measured.reordered ? { ...rest, reorder: hot ? ('hot' as const) : ('degree' as const), hotColumns } : { ...rest, reorder: 'none' as const };
        const m = { ...measured, predicted: (degreeOrder ? predictReordered : predict)?.(measured.format, knobs) };
        const pair = spmvResults(m, bandwidth, peerRun?.validated ? peerRun : undefined).map(clockHold.markHeld);
        const at = placed.get(m.variant) ?? { result: results.length, row: table.length, round: 0 };
        results.splice(at.result, pair.length, ...pair);
        table[at.row] = tableRow(m, pair);
        placed.set(m.variant, { ...at, round: at.round + 1 });
        const seconds = ((performance.now() - mark) / 1e3).toFixed(1);
        mark = performance.now();
        const reorder = m.reorderMs === undefined ? '' : `; columns ${m.reordered ? 'renumbered' : 'already in degree order'}, ${(m.reorderMs / 1e3).toFixed(2)} s of preprocessing`;
        const round = rounds > 1 ? `round ${at.round + 1}, pooled: ` : '';
        const byRound = pair[0].rounds ? `; by round ${roundsLine(pair[0].rounds)}` : '';
        console.error(`  ${round}${table[at.row].slice(3).join('  ')}  (${seconds} s${reorder})${byRound}`);
        writeResults('spmv', context, results, outDirs, summary());
      },
      peerRound,
    ).finally(() => peer?.close());
    skipped.push(...measuredMatrix.skipped);
    console.error(`  ${matrix.name} done in ${((performance.now() - started) / 1e3).toFixed(1)} s`);
    writeResults('spmv', context, results, outDirs, summary());
  }
}

console.log(formatTable(table));
if (args.merge) console.error(`the table shows this run; ${args.merge}'s results are in the file too`);
for (const s of skipped) console.error(`skipped ${s}`);
if (peerMissing) console.error(`no peer in this run: ${peerMissing} (python3 with CuPy is on the GPU host)`);
const fit = (c: Correlation) => `Pearson ${c.pearson.toFixed(2)}, Spearman ${c.spearman.toFixed(2)} over ${c.n}`;
for (const [label, model] of Object.entries(summary().models)) {
  if (model) console.error(`${label} model vs measured GFLOP/s (plus-times): all formats ${fit(model.allFormats)}; auto ${fit(model.auto)}`);
}
if (!bandwidth) console.error('no predictions: no bandwidth measured');
const files = writeResults('spmv', context, results, outDirs, summary());
console.error(`wrote ${files.join(', ')}`);
device.destroy();
if (results.some((r) => !r.validated)) process.exitCode = 1;

/** Each round's ms (and × cuSPARSE where it ran): `1.1600 (1.01×), 1.1590 (0.99×)`. */
function roundsLine(r: NonNullable<BenchResult['rounds']>): string {
  return r.time_ms.map((t, i) => `${t.toFixed(4)}${r.peer_ms?.length === r.time_ms.length ? ` (${(r.peer_ms[i] / t).toFixed(3)}×)` : ''}`).join(', ');
}

/** Products per timed batch for the peer: enough for about `batch-ms` at a rough 1 TB/s of CSR traffic. */
function peerBatch(nnz: number): number {
  return Math.max(1, Math.ceil(Number(args['batch-ms']) / ((8 * nnz) / 1e9)));
}
