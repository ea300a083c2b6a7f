// APSP suite (paper 000): blocked Floyd-Warshall variants on random graphs (n vertices, 4n arcs), timed on
// the GPU, validated (sampled rows against Dijkstra, whole matrices against SciPy where it ran), written as
// results/apsp-<device>-<date>.json.
//   tsx --conditions=source benchmarks/apsp/run.ts --n 1024,2048 [--variants a-t64-u4,...] [--runs 5] [--out DIR]
import { suiteArgs } from '../lib/suite-args.js';
import { ApspRunner, verifyApsp, type ApspResult } from '@semiforge/algorithms';
import { generateRandom4n, type EdgeList } from '@semiforge/graph-io';
import { normalizeSpec } from '@semiforge/codegen';
import { openDevice } from '@semiforge/runtime';
import { minPlusPeak, nvidiaInfo } from '../lib/gpu-peak.js';
import { webgpuContext } from '../lib/gpu-context.js';
import { summarize, writeResults, type BenchResult } from '../lib/results.js';
import { scipyFloydWarshall, type ScipyRun } from '../lib/scipy-peer.js';
import { pickVariants, type ApspVariant } from './variants.js';

const args = suiteArgs({
  options: {
    n: { type: 'string' },
    variants: { type: 'string' },
    runs: { type: 'string', default: '5' },
    'warmup-ms': { type: 'string', default: '1500' },
    // One submit per run by default: apsp()'s ~16 submits (for progress) leave an H100 idle between them at small n.
    'steps-per-submit': { type: 'string', default: '1000000000' },
    sources: { type: 'string', default: '4' },
    'peer-max-n': { type: 'string', default: '2048' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string', multiple: true, default: ['benchmarks/results'] },
  },
});

const variants = pickVariants(args.variants);
const runs = Number(args.runs);
const device = await openDevice();
const info = nvidiaInfo();
const limit = info && minPlusPeak(info);
const desc = device.describe();
const context = webgpuContext('apsp', device, info);
console.error(`apsp suite on ${context.device} (${desc.description}); peak ${limit ? (limit.value / 1e12).toFixed(2) + ' T relaxations/s' : 'unknown'}`);
// A software adapter (lavapipe) would take hours at GPU sizes: without --n it runs small ones and says so.
if (!args.n && desc.isFallbackAdapter) console.error('software adapter: running n = 128,256 only; pass --n for other sizes');
const ns = (args.n ?? (desc.isFallbackAdapter ? '128,256' : '1024,2048,4096,8192')).split(',').map(Number);

/** Checks the result: sampled rows against Dijkstra always; the whole matrix against SciPy when it ran. */
function validate(g: EdgeList, r: ApspResult, peer: ScipyRun | undefined): { ok: boolean; how: string } {
  const check = verifyApsp(g, r.dist, r.plan, Number(args.sources));
  let how = `${check.rows} rows vs ${check.method === 'dijkstra' ? 'Dijkstra' : 'the CPU reference'}`;
  let ok = check.ok;
  if (!ok) console.error(`  MISMATCH: ${JSON.stringify(check.first)}`);
  if (peer) {
    let bad = 0;
    for (let i = 0; i < r.dist.length; i++) if (r.dist[i] !== peer.dist[i]) bad++;
    how += `, full matrix vs SciPy`;
    if (bad) console.error(`  MISMATCH vs SciPy in ${bad} entries`);
    ok &&= bad === 0;
  }
  return { ok, how };
}

const results: BenchResult[] = [];
for (const n of ns) {
  const g = generateRandom4n(n, Number(args.seed));
  const peer = n <= Number(args['peer-max-n']) ? scipyFloydWarshall(g) : undefined;
  const peerRate = peer && n ** 3 / peer.seconds;
  if (peer) console.error(`n=${n}: SciPy floyd_warshall ${peer.seconds.toFixed(2)} s = ${(peerRate! / 1e9).toFixed(2)} G relaxations/s`);
  for (const v of variants as ApspVariant[]) {
    if (v.maxN && n > v.maxN) continue;
    // One upload, then back-to-back runs that copy the input on the GPU: the timings are the kernels' own,
    // with the GPU kept busy (an H100 left idle between runs drops its clocks, which made mid sizes look 4x slower).
    const runner = await ApspRunner.create(device, g, v);
    const stepsPerSubmit = Number(args['steps-per-submit']);
    const warmUntil = performance.now() + Number(args['warmup-ms']); // compile pipelines, ramp clocks up
    do await runner.time({ stepsPerSubmit });
    while (performance.now() < warmUntil);
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const t = await runner.time({ stepsPerSubmit });
      times.push(t.gpuTimeMs ?? t.wallTimeMs);
    }
    const last: ApspResult = await runner.run();
    runner.destroy();
    const { ok, how } = validate(g, last, peer);
    const time = summarize(times);
    const rate = n ** 3 / (time.median / 1e3);
    const plan = last.plan;
    const update = plan.blocked && normalizeSpec(plan.blocked.update);
    const result: BenchResult = {
      case: `fw ${v.label} n=${n} f32 ${plan.layout} (validated: ${how})`,
      params: {
        n,
        tile: plan.plain ? 1 : plan.tile, // plain FW has no tile
        unroll: plan.blocked?.update.unroll ?? 1,
        kUnroll: update?.kUnroll ?? 1,
        stage: update?.stage ?? 1,
        method: plan.method,
        layout: plan.layout,
        type: 'f32',
        semiring: 'min-plus',
        backend: 'webgpu',
        metric: 'relaxations_per_s',
      },
      metric: 'relaxations_per_s',
      value: rate,
      unit: '1/s',
      time_ms: time,
      validated: ok,
      validation: how,
    };
    if (limit) Object.assign(result, { limit, ratio_to_limit: rate / limit.value });
    if (peer) Object.assign(result, { peer: { name: `scipy.sparse.csgraph.floyd_warshall ${peer.version} (CPU, same run)`, value: peerRate, same_run: true }, ratio_to_peer: rate / peerRate! });
    results.push(result);
    console.error(
      `n=${n} ${v.label.padEnd(10)} ${time.median.toFixed(1).padStart(9)} ms  ${(rate / 1e12).toFixed(3)} T/s` +
        (limit ? `  ${((100 * rate) / limit.value).toFixed(1)}% of peak` : '') +
        (peer ? `  ${(rate / peerRate!).toFixed(0)}x SciPy` : '') +
        `  ${ok ? 'valid' : 'INVALID'}`,
    );
  }
}

const out = args.out;
const files = writeResults('apsp', context, results, out);
console.error(`wrote ${files.join(', ')}`);
device.destroy();
if (results.some((r) => !r.validated)) process.exitCode = 1;
