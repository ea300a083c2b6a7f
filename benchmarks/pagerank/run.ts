// PageRank suite (issue 4): PageRank to tolerance on the SpMV suite's matrices (benchmarks/spmv/matrices.ts),
// time per iteration (GPU timestamps) and total (the loop's wall time), effective GB/s per iteration against
// the copy bandwidth measured in the same run, every result checked against the f64 CPU fixed point, and
// PageRank in CuPy with cuSPARSE's SpMV on the same graphs in the same run as the peer; writes
// results/pagerank-<device>-<date>.json after every matrix, so that a run cut short keeps what it measured.
//   tsx --conditions=source benchmarks/pagerank/run.ts [--sizes small,medium] [--classes power-law,road]
//       [--runs 5] [--damping 0.85] [--tolerance 1e-6] [--max-iterations 100] [--reorder auto|degree|none]
//       [--relabel degree|none] [--submit-every 8] [--no-lookahead] [--no-peer] [--cuda-clock] [--budget-s 540]
//       [--merge EARLIER.json] [--out DIR]
// Each result line on stderr is followed by the loop's breakdown, submit by submit (also in the JSON: `submits`
// of the total's result); benchmarks/pagerank/loop-probe.ts measures the round trips behind it.
//   tsx --conditions=source benchmarks/pagerank/run.ts --quick      (tiny matrices: a check on a software adapter)
import { suiteArgs } from '../lib/suite-args.js';
import { PAGERANK_RELABELS, pagerankFixedPoint, PAGERANK_DEFAULTS, verifyPagerank, type PagerankRelabel, type SpmvReorder } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import { openDevice } from '@semiforge/runtime';
import { cudaClockFlag } from '../lib/compute-clock.js';
import { copyBandwidth } from '../lib/copy-bandwidth.js';
import { cupyPagerank } from '../lib/cupy-pagerank-peer.js';
import { webgpuContext } from '../lib/gpu-context.js';
import { earlierResults } from '../lib/merge-results.js';
import { writeResults, type BenchResult } from '../lib/results.js';
import { formatTable } from '../lib/text-table.js';
import { matrixSelection, matrixSet, SIZES } from '../spmv/matrices.js';
import type { MatrixShape } from '../spmv/traffic.js';
import { measurePagerank } from './measure.js';
import { loopLine, pagerankResults, TABLE_HEADER, tableRow, type CheckedPeer } from './report.js';

const args = suiteArgs({
  options: {
    sizes: { type: 'string', default: 'small,medium' },
    classes: { type: 'string' },
    quick: { type: 'boolean', default: false },
    runs: { type: 'string', default: '5' },
    'warmup-ms': { type: 'string', default: '1000' },
    'bandwidth-mib': { type: 'string', default: '1024' },
    damping: { type: 'string', default: String(PAGERANK_DEFAULTS.damping) },
    tolerance: { type: 'string', default: String(PAGERANK_DEFAULTS.tolerance) },
    'max-iterations': { type: 'string', default: String(PAGERANK_DEFAULTS.maxIterations) },
    peer: { type: 'boolean', default: true },
    // Hold a CUDA context for the run: the H100 keeps Dawn's work at its idle clock otherwise (lib/compute-clock.ts).
    'cuda-clock': { type: 'boolean', default: false },
    // Renumber Pᵀ's columns by degree: auto (the library's rule: power-law graphs), degree (always) or none.
    reorder: { type: 'string', default: 'none' },
    // Run on the graph relabelled by out-degree (once, timed apart as preprocessing; ranks back in the graph's order).
    relabel: { type: 'string', default: 'none' },
    // The loop's schedule: steps a queue submit carries, and steps queued ahead of the residuals' read-backs.
    'submit-every': { type: 'string', default: String(PAGERANK_DEFAULTS.submitEvery) },
    lookahead: { type: 'boolean', default: PAGERANK_DEFAULTS.lookahead },
    out: { type: 'string', multiple: true, default: ['benchmarks/results'] },
    // An earlier run's results file on the same device, kept in this run's file (a long run split over commands).
    merge: { type: 'string' },
    // No new matrix is started once this many seconds have passed (results are written after each matrix).
    'budget-s': { type: 'string', default: '540' },
  },
  allowNegative: true,
});

const { sizes, classes } = matrixSelection(args);
/**
 * The peer reads its residual back every this many iterations, as the first H100 runs did (ours reads every
 * step's residual kept on the GPU once per submit, and stops at the first converged step).
 */
const PEER_CHECK_EVERY = 4;
const runs = Number(args.runs);
const warmupMs = args.quick ? 50 : Number(args['warmup-ms']);
if (!['auto', 'degree', 'none'].includes(args.reorder)) throw new Error(`--reorder: unknown setting '${args.reorder}' (expected auto, degree or none)`);
const reorder = args.reorder as SpmvReorder;
if (!(PAGERANK_RELABELS as readonly string[]).includes(args.relabel)) throw new Error(`--relabel: unknown setting '${args.relabel}' (expected ${PAGERANK_RELABELS.join(' or ')})`);
const relabel = args.relabel as PagerankRelabel;
const submitEvery = Number(args['submit-every']);
if (!Number.isInteger(submitEvery) || submitEvery < 1) throw new Error(`--submit-every: expected a positive integer, got '${args['submit-every']}'`);
const settings = { damping: Number(args.damping), tolerance: Number(args.tolerance), maxIterations: Number(args['max-iterations']), runs, warmupMs, reorder, relabel, submitEvery, lookahead: args.lookahead };

const budgetS = Number(args['budget-s']);
if (!(budgetS > 0)) throw new Error(`--budget-s: expected a positive number of seconds, got '${args['budget-s']}'`);
const stopAt = performance.now() + 1000 * budgetS;

const clockHold = await cudaClockFlag(args['cuda-clock']);
const device = await openDevice();
const context = webgpuContext('pagerank', device);
const outDirs = args.out;
console.error(
  `pagerank suite on ${context.device} (${device.describe().description}); sizes ${sizes.join(', ')}; d = ${settings.damping}, tolerance ${settings.tolerance}; ` +
    `${submitEvery} steps a submit, lookahead ${settings.lookahead ? 'on' : 'off'}`,
);

// The limit, measured first; its copying also brings an idle GPU up to its clocks.
const bandwidthMiB = args.quick ? 16 : Number(args['bandwidth-mib']);
const bandwidth = await copyBandwidth(device, { bytes: bandwidthMiB * 2 ** 20, runs, warmupMs: args.quick ? 50 : 1500 });
console.error(bandwidth ? `bandwidth ${(bandwidth.value / 1e9).toFixed(0)} GB/s: ${bandwidth.name}` : 'no GPU timestamps: no bandwidth limit');

const results: BenchResult[] = args.merge ? earlierResults(args.merge, 'pagerank', context.device) : [];
const table: string[][] = [TABLE_HEADER];
// Why no result has a peer, once the peer could not run (it is not tried again).
let peerMissing = args.peer ? undefined : 'not run (--no-peer)';
const summary = () => ({ bandwidth, settings, peer: peerMissing ?? 'PageRank in CuPy with cuSPARSE SpMV, same GPU, same run' });
run: for (const size of sizes) {
  for (const matrix of matrixSet(SIZES[size]).filter((m) => !classes || classes.includes(m.class))) {
    if (performance.now() > stopAt) {
      console.error(`--budget-s ${budgetS} spent: ${matrix.name} and the matrices after it not run`);
      break run;
    }
    const started = performance.now();
    const csr = await matrix.make();
    const shape = transposeShape(csr);
    console.error(`${matrix.class} ${matrix.name}: n ${csr.n}, nnz ${shape.nnz}, made in ${((performance.now() - started) / 1e3).toFixed(1)} s`);
    const exact = pagerankFixedPoint(csr, { damping: settings.damping });
    const measured = await measurePagerank(device, csr, exact, settings);
    // After ours, so that the peer's CPU work (file, matrix) does not idle the GPU between our runs.
    const tried = peerMissing ? undefined : await cupyPagerank(csr, { ...settings, checkEvery: PEER_CHECK_EVERY });
    if (tried && 'unavailable' in tried) console.error(`  ${(peerMissing = tried.unavailable)}`);
    const peer: CheckedPeer | undefined =
      tried && 'ranks' in tried ? { run: tried, verification: verifyPagerank(csr, tried.ranks, tried.residual, { damping: settings.damping }, exact) } : undefined;
    if (peer && !peer.verification.ok) console.error(`  the peer's ranks failed the check (L1 error ${peer.verification.error} > ${peer.verification.bound}): not quoted`);
    const matrixResults = pagerankResults(matrix, shape, measured, bandwidth, peer).map(clockHold.markHeld);
    results.push(...matrixResults);
    table.push(tableRow(matrix, shape, measured, matrixResults, peer));
    console.error(`  ${table.at(-1)!.slice(3).join('  ')}`);
    console.error(`  loop, medians: ${loopLine(measured.submits)}`);
    console.error(`  ${matrix.name} done in ${((performance.now() - started) / 1e3).toFixed(1)} s`);
    writeResults('pagerank', context, results, outDirs, summary());
  }
}

console.log(formatTable(table));
if (args.merge) console.error(`the table shows this run; ${args.merge}'s results are in the file too`);
if (peerMissing) console.error(`no peer in this run: ${peerMissing} (python3 with CuPy is on the GPU host)`);
const files = writeResults('pagerank', context, results, outDirs, summary());
console.error(`wrote ${files.join(', ')}`);
device.destroy();
if (results.some((r) => !r.validated)) process.exitCode = 1;

/** The shape of Pᵀ, the matrix the product runs on: rows are in-arcs, so its longest row is the largest in-degree. */
function transposeShape(graph: Csr): MatrixShape {
  const inDegree = new Uint32Array(graph.n);
  let maxRow = 0;
  for (const v of graph.indices) maxRow = Math.max(maxRow, ++inDegree[v]);
  return { n: graph.n, nnz: graph.indices.length, maxRow };
}
