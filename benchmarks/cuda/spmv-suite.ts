// SpMV on the CUDA backend and on WebGPU side by side, for the CUDA suite (run.ts --algorithms spmv): the SpMV
// suite's matrix set (benchmarks/spmv/matrices.ts), the automatic format and each format, plus-times f32, on both
// backends and cuSPARSE (CuPy) on the same matrices in the same run. Both backends are timed the SpMV suite's way
// (time-products.ts: K products a batch, batches queued so that the clocks stay up) and every product is checked
// against the CPU (spmvChecker); the results are the SpMV suite's (gflops and effective_GBps against the copy
// bandwidth and cuSPARSE), each CUDA one with its ratio to WebGPU's same format in params.ratio_to_webgpu.
// CUDA runs with read-only cache loads (__ldg) and the library's default for streaming the matrix (fold streams);
// `--spmv-plain-loads` names formats also timed without __ldg, and `--spmv-stream-loads` formats also timed with
// the other streaming setting: the matrix streamed by evict-first loads (__ldcs, `streamLoads: true`), or, where the
// plan streams it already (fold), read through the cache (`cuda-cached-loads`); a result says `stream_loads` where it streamed.
// `--spmv-variants` adds variants with knobs by the SpMV suite's labels (e.g. fold/threads=1024,local=true,u=4), on
// both backends. PageRank (spmv-pagerank.ts) runs on both backends on the matrices of the classes `--spmv-pagerank` names.
import { CudaSpmvRunner, rowStats, spmvChecker, SpmvRunner, type SpmvChecker, type SpmvFormat } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import type { Device } from '@semiforge/runtime';
import type { CudaDevice } from '@semiforge/runtime-cuda';
import { copyBandwidth, type CopyBandwidth } from '../lib/copy-bandwidth.js';
import { cusparseSpmv, type CusparseRun } from '../lib/cusparse-peer.js';
import type { BenchResult } from '../lib/results.js';
import { timedRepeats } from '../lib/timed-repeats.js';
import { CLASSES, matrixSelection, matrixSet, SIZES, type MatrixCase } from '../spmv/matrices.js';
import { spmvResults, type Measured } from '../spmv/report.js';
import { timeProducts, timeQueued, type ProductTiming } from '../spmv/time-products.js';
import type { MatrixShape } from '../spmv/traffic.js';
import { parseVariantLabel, variantKnobs, variantLabel, type SpmvVariant } from '../spmv/variants.js';
import type { BackendName, Backends } from './apsp-backends.js';
import { pagerankSideBySide } from './spmv-pagerank.js';
import { optionValues, progressLog, type SuiteSettings } from './suite-settings.js';

/** The suite's command-line options (parseArgs definitions), for run.ts to take beside its own. */
export const SPMV_SUITE_OPTIONS = {
  // Sizes of benchmarks/spmv/matrices.ts (quick, small, medium, large); --quick takes quick.
  'spmv-sizes': { type: 'string', default: 'small,medium' },
  'spmv-classes': { type: 'string' },
  // Only matrices whose name starts with one of these, e.g. rmat,stencil3d.
  'spmv-matrices': { type: 'string' },
  'spmv-formats': { type: 'string', default: 'auto,csr-scalar,csr-vector,ell,csr-merge,sell,fold,csr-stream' },
  // Variants with knobs, after the formats, by the SpMV suite's labels, separated by ';' (quote them):
  // e.g. 'fold/threads=1024,local=true,u=4;fold/local=true'.
  'spmv-variants': { type: 'string' },
  // Formats also timed on CUDA with plain loads (ldg: false), to measure __ldg; 'none' for none.
  'spmv-plain-loads': { type: 'string', default: 'auto' },
  // Formats also timed on CUDA with the other setting of streamLoads (evict-first loads of the matrix's indices and
  // values, or cached ones where the format streams by default); 'none' for none.
  'spmv-stream-loads': { type: 'string', default: 'auto' },
  'spmv-runs': { type: 'string', default: '5' },
  'spmv-warmup-ms': { type: 'string', default: '1000' },
  'spmv-batch-ms': { type: 'string', default: '5' },
  // ELL is not run beyond this many stored slots per nonzero.
  'spmv-ell-max-padding': { type: 'string', default: '4' },
  // 'cusparse' (CuPy on the GPU host) or 'none'.
  'spmv-peer': { type: 'string', default: 'cusparse' },
  // Classes whose matrices PageRank also runs on, side by side (power-law, stencil, ..., all, or none).
  'spmv-pagerank': { type: 'string', default: 'power-law' },
} as const;

/** What run.ts gives the suite (no matrix or variant starts past `stopAt`). */
export type SpmvSuiteSettings = SuiteSettings<typeof SPMV_SUITE_OPTIONS>;

const FORMATS: readonly (SpmvFormat | 'auto')[] = ['auto', 'csr-scalar', 'csr-vector', 'ell', 'csr-merge', 'sell', 'fold', 'csr-stream'];

/** One backend's run of a format: WebGPU, or CUDA with or without read-only cache loads, the matrix streamed or not. */
interface Lane {
  readonly backend: BackendName;
  readonly ldg?: boolean;
  readonly streamLoads?: boolean;
  readonly label: string;
}

interface Timing {
  readonly timing: ProductTiming;
  /** The format that ran (auto's choice). */
  readonly format: SpmvFormat;
  /** Whether its columns were renumbered by degree (auto on power-law rows). */
  readonly reordered: boolean;
  readonly y: ArrayLike<number>;
  /**
   * CUDA: host milliseconds to queue one product's launches. The events time the stream, so where this is not
   * below the product's GPU time, the GPU waited for the host between launches and the figure is launch-bound.
   */
  readonly enqueueMs?: number;
  /** CUDA: whether the matrix was streamed (`streamLoads`, asked or the plan's default for the format). */
  readonly streamed?: boolean;
}

function formatsOf(list: string, option: string): (SpmvFormat | 'auto')[] {
  if (list === 'none') return [];
  const formats = list.split(',') as (SpmvFormat | 'auto')[];
  for (const f of formats) if (!FORMATS.includes(f)) throw new Error(`--${option}: unknown format '${f}' (expected ${FORMATS.join(', ')}, or none)`);
  return formats;
}

const count = (name: string, value: string) => {
  const v = Number(value);
  if (!(Number.isFinite(v) && v > 0)) throw new Error(`--${name}: '${value}' is not a positive number`);
  return v;
};

/** Read + write bytes per second of device-to-device copies on CUDA (cuMemcpyDtoD), when WebGPU is not there to measure. */
async function cudaCopyBandwidth(cuda: CudaDevice, options: { bytes: number; runs: number; warmupMs: number }): Promise<CopyBandwidth | undefined> {
  const src = cuda.alloc('bench.copy.src', options.bytes);
  const dst = cuda.alloc('bench.copy.dst', options.bytes);
  const copies = 8;
  try {
    const time_ms = await timedRepeats(
      async () => {
        const start = cuda.record();
        for (let i = 0; i < copies; i++) cuda.copy(src, dst);
        return cuda.elapsedMs(start, cuda.record()) / copies;
      },
      options.runs,
      options.warmupMs,
    );
    if (!time_ms) return undefined;
    const value = (2 * options.bytes) / (time_ms.median / 1e3);
    return { value, name: `device-to-device copy of ${options.bytes / 2 ** 20} MiB (cuMemcpyDtoD, read + write), same run`, time_ms };
  } finally {
    cuda.free(src);
    cuda.free(dst);
  }
}

/** Times and reads back one variant on WebGPU, on the suite's x and y buffers. */
async function onWebgpu(device: Device, csr: Csr, x: Float32Array, buffers: { x: GPUBuffer; y: GPUBuffer }, variant: SpmvVariant, timing: { runs: number; warmupMs: number; batchMs: number }): Promise<Timing> {
  const runner = await SpmvRunner.create(device, csr, { ...variantKnobs(variant), semiring: 'plus-times', type: 'f32', format: variant.format });
  try {
    const measured = await timeProducts(device, runner, buffers, timing);
    // The product read back is the timed kernel's on the same matrix and x.
    const { y } = await runner.run(x);
    return { timing: measured, format: runner.plan.format, reordered: runner.plan.reorder, y };
  } finally {
    runner.destroy();
  }
}

/** Times and reads back one variant on CUDA: K products queued between two events, several batches in flight. */
async function onCuda(cuda: CudaDevice, csr: Csr, x: Float32Array, variant: SpmvVariant, loads: { ldg: boolean; streamLoads?: boolean }, timing: { runs: number; warmupMs: number; batchMs: number }): Promise<Timing> {
  const runner = await CudaSpmvRunner.create(cuda, csr, { ...variantKnobs(variant), semiring: 'plus-times', type: 'f32', format: variant.format, ...loads });
  try {
    // Also uploads x, which the timed products then read.
    const { y } = runner.run(x);
    let enqueueMs = 0;
    let products = 0;
    const measured = await timeQueued(async (k) => {
      const start = cuda.record();
      const queued = performance.now();
      for (let i = 0; i < k; i++) runner.enqueue(runner.buffers);
      enqueueMs += performance.now() - queued;
      products += k;
      const end = cuda.record();
      // Yield before waiting, so that the batches timeQueued starts together are all queued first.
      await Promise.resolve();
      return cuda.elapsedMs(start, end) / k;
    }, timing);
    return { timing: measured, format: runner.plan.format, reordered: runner.plan.reorder, y, enqueueMs: enqueueMs / products, streamed: runner.plan.spec.streamLoads === true };
  } finally {
    runner.destroy();
  }
}

/** The two results of one product (the SpMV suite's), marked with the backend and, on CUDA, the ratio to WebGPU. */
function results(m: Measured, lane: Lane, run: Timing, bandwidth: CopyBandwidth | undefined, peer: CusparseRun | undefined, webgpu: BenchResult[] | undefined): BenchResult[] {
  const launches: Record<string, number | boolean> =
    run.enqueueMs === undefined ? {} : { enqueue_us_per_product: 1e3 * run.enqueueMs, launch_bound: run.enqueueMs >= run.timing.time_ms.median };
  return spmvResults(m, bandwidth, peer).map((r, i) => {
    const ratio = lane.backend === 'cuda' && webgpu ? r.value / webgpu[i].value : undefined;
    const params: BenchResult['params'] = { ...r.params, backend: lane.backend, ...(lane.ldg === undefined ? {} : { ldg: lane.ldg }), ...(run.streamed ? { stream_loads: true } : {}), ...launches };
    if (ratio !== undefined) params.ratio_to_webgpu = ratio;
    return { ...r, case: r.case.replace(/^spmv /, `spmv ${lane.label} `), params };
  });
}

/** Runs the suite on the backends opened and wanted, recording each result as it is measured. */
export async function spmvSuite(backends: Backends, wanted: readonly BackendName[], settings: SpmvSuiteSettings): Promise<void> {
  const a = optionValues(SPMV_SUITE_OPTIONS, settings.args);
  const variants: SpmvVariant[] = [...formatsOf(a['spmv-formats'], 'spmv-formats').map((format) => ({ semiring: 'plus-times' as const, format })), ...(a['spmv-variants']?.split(';').map(parseVariantLabel) ?? [])];
  const plainLoads = formatsOf(a['spmv-plain-loads'], 'spmv-plain-loads');
  const streamLoads = formatsOf(a['spmv-stream-loads'], 'spmv-stream-loads');
  const { sizes, classes } = matrixSelection({ quick: settings.quick, sizes: a['spmv-sizes'], classes: a['spmv-classes'] });
  const names = a['spmv-matrices']?.split(',');
  const runs = count('spmv-runs', a['spmv-runs']);
  const warmupMs = settings.quick ? 50 : count('spmv-warmup-ms', a['spmv-warmup-ms']);
  const timing = { runs, warmupMs, batchMs: count('spmv-batch-ms', a['spmv-batch-ms']) };
  const ellMaxPadding = count('spmv-ell-max-padding', a['spmv-ell-max-padding']);
  const pagerankClasses = a['spmv-pagerank'] === 'none' ? [] : a['spmv-pagerank'] === 'all' ? CLASSES : a['spmv-pagerank'].split(',');
  for (const c of pagerankClasses) if (!CLASSES.includes(c)) throw new Error(`--spmv-pagerank: unknown class '${c}' (expected ${CLASSES.join(', ')}, all or none)`);
  const webgpu = wanted.includes('webgpu') ? backends.webgpu : undefined;
  const cuda = wanted.includes('cuda') ? backends.cuda : undefined;
  // The load lanes go with a format as such, not with a variant of it that sets knobs.
  const lanes = (variant: SpmvVariant): Lane[] => {
    const plain = variantLabel(variant) === variant.format;
    return [
      ...(webgpu ? [{ backend: 'webgpu' as const, label: 'webgpu' }] : []),
      ...(cuda ? [{ backend: 'cuda' as const, ldg: true, label: 'cuda' }] : []),
      ...(cuda && plain && plainLoads.includes(variant.format) ? [{ backend: 'cuda' as const, ldg: false, label: 'cuda-plain-loads' }] : []),
      ...(cuda && plain && streamLoads.includes(variant.format) ? [{ backend: 'cuda' as const, ldg: true, streamLoads: true, label: 'cuda-stream-loads' }] : []),
    ];
  };
  const log = progressLog('spmv');

  // The limit, measured first (through WebGPU where it is open, as the SpMV suite does); its copying also brings an idle GPU up to its clocks.
  const copy = { bytes: (settings.quick ? 16 : 1024) * 2 ** 20, runs, warmupMs: settings.quick ? 50 : 1500 };
  const bandwidth = webgpu ? await copyBandwidth(webgpu, copy) : cuda ? await cudaCopyBandwidth(cuda, copy) : undefined;
  console.error(bandwidth ? `[spmv] bandwidth ${(bandwidth.value / 1e9).toFixed(0)} GB/s: ${bandwidth.name}` : '[spmv] no GPU timestamps: no bandwidth limit');
  let peerMissing = a['spmv-peer'] === 'none' ? 'not run (--spmv-peer none)' : undefined;

  const wantedMatrix = (m: MatrixCase) => (!classes || classes.includes(m.class)) && (!names || names.some((prefix) => m.name.startsWith(prefix)));
  for (const size of sizes) {
    for (const matrix of matrixSet(SIZES[size]).filter(wantedMatrix)) {
      if (performance.now() > settings.stopAt) {
        settings.skip(`spmv ${matrix.name}: past the run's time budget (--budget-s)`);
        continue;
      }
      const built = performance.now();
      const csr = await matrix.make();
      const x = Float32Array.from({ length: csr.n }, (_, k) => 1 + (k % 7) / 8);
      const stats = rowStats(csr);
      const shape: MatrixShape = { n: csr.n, nnz: csr.indices.length, maxRow: stats.max };
      log(`${matrix.class} ${matrix.name}: n ${csr.n}, nnz ${shape.nnz}, made in ${((performance.now() - built) / 1e3).toFixed(1)} s`);
      // The CPU reference once per matrix, for every format and backend.
      const checker: SpmvChecker = spmvChecker(csr, x, { semiring: 'plus-times' });
      const tried = peerMissing ? undefined : await cusparseSpmv(csr, x, { runs, batch: Math.max(1, Math.ceil(timing.batchMs / ((8 * shape.nnz) / 1e9))), warmupMs });
      if (tried && 'unavailable' in tried) console.error(`[spmv] ${(peerMissing = tried.unavailable)}`);
      const peer = tried && 'time_ms' in tried && tried.validated ? tried : undefined;
      const buffers = webgpu && { x: await webgpu.createStorage('bench.spmv.x', x), y: await webgpu.createBuffer('bench.spmv.y', 4 * csr.n, 'storage') };
      let first = true;
      try {
        for (const variant of variants) {
          const format = variant.format;
          const name = variantLabel(variant);
          let webgpuResults: BenchResult[] | undefined;
          // Whether the default CUDA lane streamed the matrix: then the streaming lane times the cached loads instead.
          let defaultStreamed = false;
          for (const listed of lanes(variant)) {
            const lane = listed.streamLoads && defaultStreamed ? { ...listed, streamLoads: false, label: 'cuda-cached-loads' } : listed;
            const what = `spmv ${lane.label} ${name}, ${matrix.name}`;
            if (performance.now() > settings.stopAt) {
              settings.skip(`${what}: past the run's time budget (--budget-s)`);
              continue;
            }
            if (format === 'ell' && stats.paddingRatio > ellMaxPadding) {
              settings.skip(`${what}: ELL would store ${stats.paddingRatio.toFixed(1)} slots per nonzero (limit ${ellMaxPadding}, --spmv-ell-max-padding)`);
              continue;
            }
            // The first variant of a matrix warms longer: the GPU sat idle while the CPU built the matrix.
            const options = { ...timing, warmupMs: first && !settings.quick ? warmupMs + 1500 : warmupMs };
            let run: Timing;
            try {
              run = lane.backend === 'cuda' ? await onCuda(cuda!, csr, x, variant, { ldg: lane.ldg!, ...(lane.streamLoads === undefined ? {} : { streamLoads: lane.streamLoads }) }, options) : await onWebgpu(webgpu!, csr, x, buffers!, variant, options);
            } catch (e) {
              // A format a backend cannot hold (a binding limit, a missing feature) leaves the others to run.
              const reason = e instanceof Error ? e.message.split('\n')[0] : String(e);
              settings.skip(`${what}: ${reason}`);
              console.error(`  ${what}: skipped: ${reason}`);
              continue;
            }
            first = false;
            if (lane.label === 'cuda') defaultStreamed = run.streamed === true;
            const check = checker.check(run.y);
            const validation = check.ok ? 'whole y vs the CPU reference' : `row ${check.row}: ${check.got} vs ${check.expected} (bound ${check.bound})`;
            const measured: Measured = { matrix, shape, variant, format: run.format, reordered: run.reordered, timing: run.timing, validated: check.ok, validation };
            const pair = results(measured, lane, run, bandwidth, peer, webgpuResults);
            if (lane.backend === 'webgpu' && check.ok) webgpuResults = pair;
            for (const r of pair) settings.record(r);
            const [gflops, gbps] = pair;
            log(
              `${lane.label.padEnd(16)} ${`${name}${format === 'auto' ? `=${run.format}` : ''}${run.reordered ? '+degree-order' : ''}`.padEnd(22)} ${run.timing.time_ms.median.toFixed(4).padStart(9)} ms  ` +
                `${gflops.value.toFixed(1).padStart(7)} GFLOP/s  ${gbps.value.toFixed(0).padStart(5)} GB/s` +
                (gbps.ratio_to_limit === undefined ? '' : `  ${(100 * gbps.ratio_to_limit).toFixed(1)}% bw`) +
                (gflops.ratio_to_peer === undefined ? '' : `  ${gflops.ratio_to_peer.toFixed(2)}x cuSPARSE`) +
                (gflops.params.ratio_to_webgpu === undefined ? '' : `  ${Number(gflops.params.ratio_to_webgpu).toFixed(2)}x WebGPU`) +
                (gflops.params.launch_bound === true ? `  LAUNCH-BOUND (${Number(gflops.params.enqueue_us_per_product).toFixed(1)} µs to queue a product)` : '') +
                `  ${check.ok ? 'valid' : `INVALID: ${validation}`}`,
              '  ',
            );
          }
        }
      } finally {
        buffers?.x.destroy();
        buffers?.y.destroy();
      }
      if (pagerankClasses.includes(matrix.class)) {
        const order = (['webgpu', 'cuda'] as const).filter((b) => (b === 'cuda' ? cuda : webgpu));
        await pagerankSideBySide(backends, order, matrix, csr, { runs, stopAt: settings.stopAt, record: settings.record, skip: settings.skip });
      }
      if (peer) console.error(`  [spmv] cuSPARSE ${(peer.time_ms.median).toFixed(4)} ms, ${((2 * shape.nnz) / peer.time_ms.median / 1e6).toFixed(1)} GFLOP/s`);
    }
  }
  if (peerMissing) console.error(`[spmv] no cuSPARSE peer in this run: ${peerMissing} (python3 with CuPy is on the GPU host)`);
}
