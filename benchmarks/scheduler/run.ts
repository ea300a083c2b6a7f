// Scheduler suite (issue 8, paper 004): the paper's synthetic compute- and memory-bound tasks across r_T, and
// the three workloads — batched APSP over many small graphs, blocked APSP streamed in blocks (with a forced
// device-memory budget), multi-source BFS/SSSP on a graph resident on every device — each run without overlap
// on one device (the paper's "original": download, kernel, readback back to back) and through the scheduler on
// 1..c devices. Reports the speed-up over the original and δ against T_opt of the cost model fed with T_D, T_K,
// T_R measured in the original run, printed next to the measured time. Every task's output is checked (the
// searches: a sample). Writes results/scheduler-<device>-<date>.json (CUDA: scheduler-cuda-…) after every case.
//   tsx --conditions=source benchmarks/scheduler/run.ts [--backend webgpu|cuda]
//       [--gpus 2 [--select pci|none] | --devices 2 | --adapters A,B]
//       [--buses 0,1] [--cases synthetic,batch-apsp,blocked-apsp,search] [--rt 0.1,...,1.6] [--kinds compute,memory]
//       [--tasks 24] [--tk-ms 5] [--streams 3] [--kernels-in-flight 1] [--runs 3] [--apsp-graphs 512] [--apsp-size 128]
//       [--fw-n 16384] [--fw-block 4096] [--fw-device-mib 1024] [--search bfs|sssp] [--search-scale 18]
//       [--search-sources 1024] [--search-per-task 32] [--budget-s 540] [--out DIR]
//   tsx --conditions=source benchmarks/scheduler/run.ts --quick      (lavapipe: about a minute)
// WebGPU: --gpus N starts one worker process per GPU (this script again, serving one device); on a host of identical
// GPUs, --select pci gives each its own GPU through Mesa's device-select layer (scripts/device-select-layer.sh).
// CUDA (--backend cuda): --gpus N opens CUDA devices 0..N−1 in this process, l CUDA streams each (--tk-ms defaults
// to 2 there: the synthetic tasks' page-locked arrays stay within a few GiB at r_T 1.6).
import { suiteArgs } from '../lib/suite-args.js';
import { csrFromEdgesParallel, generateKroneckerParallel, generateRandom4n } from '@semiforge/graph-io';
import { verifyApsp } from '@semiforge/algorithms';
import {
  costModel,
  generateApspBatch,
  overhead,
  portableApspTask,
  serveWorkerIfAsked,
  type BatchApspResult,
  type PhaseTimes,
  type SchedulerReport,
} from '@semiforge/scheduler';
import { summarize, writeResults, type BenchResult } from '../lib/results.js';
import { openBackend } from './backends.js';
import type { Selection } from './gpus.js';
import { Budget, firstDevices, medianPass, timedPass } from './measure.js';
import { firstWrong, portableSyntheticTask, syntheticInput, type KernelLoad, type SyntheticKind } from './synthetic.js';
import './synthetic-cuda.js';
import { blockedApspPass, CHECKED_PER_PASS, searchBreakdown, searchPass, type SearchBreakdown } from './workloads.js';

/** What CUDA overlaps, printed with every CUDA run and stored in the results' summary. */
const CUDA_NOTES = [
  'CUDA: each scheduler stream is a CUDA stream. A download is async copies from page-locked memory on the task\'s stream, its kernels launch there, a readback is an async copy into page-locked memory; a phase ends when an event recorded after it completes (cuEventQuery polled from the event loop, so every device\'s control loop keeps running). The copy engines move other tasks\' data while a kernel runs.',
  "Synthetic tasks: each input is page-locked once and each task's result lands in a page-locked array of its own (the paper's cudaMallocHost data), so T_D and T_R are DMA time. Batch APSP encodes each graph's matrix on the host in its download (counted in T_D) and sends it through the stream's staging.",
  'Device buffers are kept for reuse in a pool per device: cuMemFree waits for the whole device and would stop the overlap once per task.',
  "Blocked APSP tasks depend on each other (a round's closure, then its panels, then its updates; the next round on this one): tasks start as their inputs are final, and the model, which assumes independent tasks, is a lower bound there.",
];

/** What WebGPU can and cannot overlap, printed with every run and stored in the results' summary. */
const OVERLAP_NOTES = [
  'WebGPU has one queue per device: device-side copies and kernels of one device run in submission order (no copy engine is exposed), so overlap comes from host-side staging and mapping, host encoding and checking, and submit latency hidden behind other kernels, not from DMA beside a kernel.',
  'The process backend (--gpus) clones every input and output across Node IPC: a host copy each way, counted in T_D and T_R.',
  "The BFS/SSSP runners read their answers back inside run(): that read counts as kernel time, and their readback phase is a hand-over.",
  "Blocked APSP tasks depend on each other (a round's closure, then its panels, then its updates; the next round on this one): tasks start as their inputs are final, and the model, which assumes independent tasks, is a lower bound there.",
];

async function main(): Promise<void> {
  const args = suiteArgs({
    options: {
      quick: { type: 'boolean', default: false },
      backend: { type: 'string', default: 'webgpu' },
      gpus: { type: 'string' },
      select: { type: 'string', default: 'pci' },
      devices: { type: 'string', default: '1' },
      adapters: { type: 'string' },
      buses: { type: 'string' },
      cases: { type: 'string', default: 'synthetic,batch-apsp,blocked-apsp,search' },
      rt: { type: 'string', default: '0.1,0.2,0.4,0.6,0.8,1,1.2,1.6' },
      kinds: { type: 'string', default: 'compute,memory' },
      tasks: { type: 'string', default: '24' },
      'tk-ms': { type: 'string' },
      streams: { type: 'string', default: '3' },
      'kernels-in-flight': { type: 'string', default: '1' },
      runs: { type: 'string', default: '3' },
      'apsp-graphs': { type: 'string', default: '512' },
      'apsp-size': { type: 'string', default: '128' },
      'fw-n': { type: 'string', default: '16384' },
      'fw-block': { type: 'string', default: '4096' },
      'fw-tile': { type: 'string' },
      'fw-device-mib': { type: 'string', default: '1024' },
      search: { type: 'string', default: 'bfs' },
      'search-scale': { type: 'string', default: '18' },
      'search-sources': { type: 'string', default: '1024' },
      'search-per-task': { type: 'string' },
      'budget-s': { type: 'string', default: '540' },
      out: { type: 'string', multiple: true, default: ['benchmarks/results'] },
    },
    allowNegative: true,
  });

  const quick = args.quick;
  if (args.backend !== 'webgpu' && args.backend !== 'cuda') throw new Error(`--backend ${args.backend}: expected webgpu or cuda`);
  const cuda = args.backend === 'cuda';
  const list = (text: string) => text.split(',').map((s) => s.trim());
  const int = (name: string, text: string) => {
    const v = Number(text);
    if (!Number.isInteger(v) || v < 0) throw new Error(`--${name} ${text}: expected a non-negative integer`);
    return v;
  };
  const cases = new Set(list(args.cases));
  for (const c of cases) if (!['synthetic', 'batch-apsp', 'blocked-apsp', 'search'].includes(c)) throw new Error(`--cases: unknown case '${c}' (synthetic, batch-apsp, blocked-apsp, search)`);
  const rts = quick ? [0.4, 1.2] : list(args.rt).map(Number);
  const kinds = list(args.kinds) as SyntheticKind[];
  for (const k of kinds) if (k !== 'compute' && k !== 'memory') throw new Error(`--kinds: unknown kind '${k}' (expected compute, memory)`);
  if (args.select !== 'pci' && args.select !== 'none') throw new Error(`--select ${args.select}: expected pci or none`);
  if (args.search !== 'bfs' && args.search !== 'sssp') throw new Error(`--search ${args.search}: expected bfs or sssp`);
  const n = quick ? 8 : int('tasks', args.tasks);
  const tkTarget = args['tk-ms'] !== undefined ? Number(args['tk-ms']) : quick ? 15 : cuda ? 2 : 5;
  if (!(tkTarget > 0)) throw new Error(`--tk-ms ${args['tk-ms']}: expected a positive number of milliseconds`);
  const streams = int('streams', args.streams);
  const kernelsInFlight = int('kernels-in-flight', args['kernels-in-flight']);
  const runs = quick ? 1 : int('runs', args.runs);
  const apspGraphs = quick ? 16 : int('apsp-graphs', args['apsp-graphs']);
  const apspSize = quick ? 32 : int('apsp-size', args['apsp-size']);
  const fwN = quick ? 200 : int('fw-n', args['fw-n']);
  const fwBlock = quick ? 64 : int('fw-block', args['fw-block']);
  const fwTile = args['fw-tile'] !== undefined ? int('fw-tile', args['fw-tile']) : quick ? 32 : undefined;
  const fwMemory = quick ? 240_000 : int('fw-device-mib', args['fw-device-mib']) * 2 ** 20;
  const searchScale = quick ? 9 : int('search-scale', args['search-scale']);
  const searchSources = quick ? 48 : int('search-sources', args['search-sources']);
  const perTask = args['search-per-task'] !== undefined ? int('search-per-task', args['search-per-task']) : args.search === 'bfs' ? (quick ? 8 : 32) : 4;
  const budget = new Budget(Number(args['budget-s']));

  const opened = await openBackend(
    {
      backend: cuda ? 'cuda' : 'webgpu',
      ...(args.gpus !== undefined ? { gpus: int('gpus', args.gpus) } : {}),
      select: args.select as Selection,
      devices: int('devices', args.devices),
      ...(args.adapters ? { adapters: list(args.adapters) } : {}),
      ...(args.buses ? { buses: list(args.buses).map(Number) } : {}),
    },
    'scheduler',
  );
  const { backend, context } = opened;
  const c = backend.devices.length;
  const busOf = backend.devices.map((d) => d.bus);
  context.versions['@semiforge/scheduler'] = '0.1.0';
  const outDirs = args.out;
  const notes = cuda ? CUDA_NOTES : OVERLAP_NOTES;
  console.error(
    `scheduler suite on ${context.device}: ${c} device(s) [${backend.devices.map((d) => d.label).join('; ')}], buses ${busOf.join(',')}, ${streams} streams, ${kernelsInFlight} kernel(s) in flight, budget ${args['budget-s']} s`,
  );
  for (const note of notes) console.error(`note: ${note}`);

  const results: BenchResult[] = [];
  const rows: string[][] = [['case', 'c', 'T_D', 'T_K', 'T_R', 'r_T', 'original', 'T', 'T_opt', 'speed-up', 'δ']];
  const ms = (x: number) => x.toFixed(1);
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(bytes < 2 ** 24 ? 2 : 0)} MiB`;
  // CUDA runs get their own file: the WebGPU run of the same GPU and day keeps its own.
  let breakdown: SearchBreakdown | undefined;
  const save = () =>
    writeResults(cuda ? 'scheduler-cuda' : 'scheduler', context, results, outDirs, {
      notes,
      backend: opened.kind,
      skipped: budget.skipped,
      ...(breakdown ? { search_task_breakdown: breakdown } : {}),
    });

  /** The speed-up and δ entries of one case (shared/BENCHMARKS.md's `speedup` and `overhead_delta`). */
  function record(name: string, params: BenchResult['params'], devices: number, original: SchedulerReport, streamed: SchedulerReport, times: number[], validation: string): void {
    const phases: PhaseTimes = original.phases;
    const model = costModel({ ...phases, tasks: streamed.tasks, devices, streams, sharedBus: busOf.slice(0, devices) });
    const speedup = original.time / streamed.time;
    const delta = overhead(streamed.time, model.tOpt);
    const common = {
      ...params,
      gpus: devices,
      streams,
      kernels_in_flight: kernelsInFlight,
      tasks: streamed.tasks,
      backend: opened.kind,
      t_d_ms: phases.tD,
      t_k_ms: phases.tK,
      t_r_ms: phases.tR,
      r_t: model.rT,
      t_opt_ms: model.tOpt,
      t_original_ms: original.time,
      bound: model.bound,
    };
    const time_ms = summarize(times);
    results.push(
      {
        case: `${name} c=${devices}: speed-up over one device without overlap`,
        params: { ...common, metric: 'speedup' },
        metric: 'speedup',
        value: speedup,
        unit: 'x',
        time_ms,
        limit: { name: "paper 004 eq. (7): T_original / T_opt, fed by the original run's T_D, T_K, T_R", value: model.speedupBound },
        ratio_to_limit: speedup / model.speedupBound,
        validated: true,
        validation,
      },
      {
        case: `${name} c=${devices}: overhead δ against T_opt`,
        params: { ...common, metric: 'overhead_delta' },
        metric: 'overhead_delta',
        value: delta,
        unit: '1',
        time_ms,
        predicted: { name: 'T_opt (ms), paper 004 eq. (7)', value: model.tOpt },
        validated: true,
        validation,
      },
    );
    const row = [name, String(devices), ms(phases.tD), ms(phases.tK), ms(phases.tR), model.rT.toFixed(2), ms(original.time), ms(streamed.time), ms(model.tOpt), `${speedup.toFixed(2)}×`, `${(delta * 100).toFixed(1)}%`];
    rows.push(row);
    console.error(row.join('  '));
    save();
  }

  /** Runs `pass` without overlap on one device, then with the scheduler's streams on 1..c devices. */
  async function compare(name: string, params: BenchResult['params'], validation: string, pass: (devices: number, streams: number) => Promise<SchedulerReport>): Promise<void> {
    if (!budget.allows(name)) return;
    const original = await medianPass(runs, () => pass(1, 1));
    for (let devices = 1; devices <= c; devices++) {
      if (!budget.allows(`${name} c=${devices}`)) return;
      const streamed = await medianPass(runs, () => pass(devices, streams));
      record(name, params, devices, original.best, streamed.best, streamed.times, validation);
    }
  }

  const checkSynthetic = (input: Uint32Array, what: string) => (output: Uint32Array, task: number) => {
    const at = firstWrong(input, output);
    if (at >= 0) throw new Error(`${what}: task ${task} element ${at} is ${output[at]}, expected ${(input[at] + 1) >>> 0}`);
  };

  /** Kernel loads scaled from a short probe so that one kernel takes about `tkTarget` ms on device 0. */
  async function calibrate(kind: SyntheticKind): Promise<KernelLoad> {
    const workgroups = quick ? 16 : 1024;
    const scratchBytes = quick ? 4 << 20 : 256 << 20;
    let load: KernelLoad = { kind, workgroups, iters: quick ? 2000 : 20_000, passes: 1, scratchBytes };
    for (let round = 0; round < 3; round++) {
      const input = syntheticInput(1024);
      const { best } = await medianPass(3, () => timedPass(firstDevices(backend, 1), [portableSyntheticTask(input, load)], 1, checkSynthetic(input, 'calibration')));
      const scale = tkTarget / Math.max(best.phases.tK, 0.01);
      if (Math.abs(scale - 1) < 0.15) break;
      load = kind === 'compute' ? { ...load, iters: Math.max(1, Math.round(load.iters * scale)) } : { ...load, passes: Math.max(1, Math.round(load.passes * scale)) };
    }
    return load;
  }

  /** Host ↔ device milliseconds per byte (download until on the device, plus readback), from a probe array. */
  async function transferMsPerByte(load: KernelLoad): Promise<number> {
    const bytes = quick ? 1 << 20 : 64 << 20;
    const input = syntheticInput(bytes / 4);
    const { best } = await medianPass(3, () =>
      timedPass(firstDevices(backend, 1), [portableSyntheticTask(input, { ...load, iters: 1, passes: 0 })], 1, checkSynthetic(input, 'transfer probe')),
    );
    return (best.phases.tD + best.phases.tR) / bytes;
  }

  try {
    if (cases.has('synthetic')) {
      for (const kind of kinds) {
        if (!budget.allows(`synthetic ${kind}`)) break;
        const load = await calibrate(kind);
        const perByte = await transferMsPerByte(load);
        console.error(`${kind}: ${load.kind === 'compute' ? `${load.iters} FMAs/thread` : `${load.passes} passes over ${load.scratchBytes >> 20} MiB`}, transfers ${(1 / perByte / 1e6).toFixed(2)} GB/s`);
        for (const rT of rts) {
          const elements = Math.max(64, Math.round((rT * tkTarget) / perByte / 4));
          const input = syntheticInput(elements);
          const tasks = Array.from({ length: n }, (_, slot) => portableSyntheticTask(input, load, slot));
          const check = checkSynthetic(input, `${kind} r_T ${rT}`);
          // CUDA: one untimed pass page-locks each task's output array, so that no timed pass allocates pinned memory.
          if (cuda && budget.left > 0) await timedPass(firstDevices(backend, 1), tasks, 1, check);
          await compare(
            `synthetic ${kind} r_T≈${rT} (${(elements * 4) >> 10} KiB per task)`,
            { kind, r_t_target: rT, bytes: elements * 4 },
            `every task's array read back equals input + 1 (${n} tasks)`,
            (devices, s) => timedPass(firstDevices(backend, devices), tasks, s, check, kernelsInFlight),
          );
        }
      }
    }

    if (cases.has('batch-apsp')) {
      const graphs = generateApspBatch(apspGraphs, apspSize);
      const tasks = graphs.map((g) => portableApspTask(g));
      const check = (v: BatchApspResult, i: number) => {
        const verification = verifyApsp(graphs[i].graph, v.dist, v.plan);
        if (!verification.ok) throw new Error(`batch APSP: ${graphs[i].name} differs from the CPU reference at ${JSON.stringify(verification.first)}`);
      };
      await compare(
        `batch APSP ${apspGraphs} × random4n(n=${apspSize})`,
        { n: apspSize, graphs: apspGraphs, workload: 'batch-apsp' },
        `every graph's distances equal the CPU Floyd-Warshall reference (${apspGraphs} graphs)`,
        (devices, s) => timedPass(firstDevices(backend, devices), tasks, s, check, kernelsInFlight),
      );
    }

    if (cases.has('blocked-apsp') && budget.allows('blocked APSP')) {
      const graph = generateRandom4n(fwN, 1);
      const options = { block: fwBlock, deviceMemoryBytes: fwMemory, ...(fwTile === undefined ? {} : { tile: fwTile }) };
      await compare(
        `blocked APSP random4n(n=${fwN}), blocks of ${fwBlock}, ${mib(fwMemory)} per device`,
        { n: fwN, block: fwBlock, device_mib: fwMemory / 2 ** 20, workload: 'blocked-apsp' },
        `distances equal the CPU reference (n ≤ 256) or Dijkstra on sampled rows`,
        async (devices, s) => {
          const { report, result } = await blockedApspPass(firstDevices(backend, devices), graph, options, s, kernelsInFlight);
          console.error(
            `  blocked APSP c=${devices} l=${s}: ${result.blocks}×${result.blocks} blocks of ${result.block}, ${result.tasks} tasks, ${mib(result.bytesDown)} down, ${mib(result.bytesUp)} up, ${result.residentHits} operands reused on the device, ${result.operandsSent} sent`,
          );
          return report;
        },
      );
    }

    if (cases.has('search') && budget.allows('multi-source search')) {
      const started = performance.now();
      const graph = await csrFromEdgesParallel(await generateKroneckerParallel({ scale: searchScale, edgeFactor: 16, seed: 1 }), { symmetrize: true });
      console.error(`kronecker scale ${searchScale}: ${graph.n} vertices, ${graph.indices.length} arcs, built in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      const degree = (v: number) => graph.indptr[v + 1] - graph.indptr[v];
      const sources: number[] = [];
      for (let v = 0; v < graph.n && sources.length < searchSources; v += Math.max(1, Math.floor(graph.n / searchSources / 2))) if (degree(v) > 0) sources.push(v);
      const search = args.search === 'bfs' ? ({ algorithm: 'bfs' } as const) : ({ algorithm: 'sssp', options: { weights: 'u32' } } as const);
      if (search.algorithm === 'bfs') {
        breakdown = await searchBreakdown(backend.devices[0], graph, sources.slice(0, perTask));
        if (breakdown) {
          const ms = (x: number) => `${x.toFixed(1)} ms`;
          console.error(`  one task alone on device 0: runMulti ${ms(breakdown.total_ms)} = levels ${ms(breakdown.levels_ms)} + the rest ${ms(breakdown.rest_ms)} (allocation, transfers, the parents' conversion)`);
        }
      }
      await compare(
        `multi-source ${args.search} kronecker scale ${searchScale}, ${sources.length} sources, ${perTask} per task`,
        { scale: searchScale, sources: sources.length, per_task: perTask, algorithm: args.search, workload: 'multi-source' },
        `the first source of ${CHECKED_PER_PASS} tasks per pass validated on the CPU (${args.search === 'bfs' ? 'Graph500 rules' : 'distances and tree'})`,
        (devices, s) => searchPass(firstDevices(backend, devices), graph, search, sources, perTask, s, kernelsInFlight),
      );
    }
    const paths = save();
    console.error(`\n${rows.map((r) => r.join('\t')).join('\n')}\n\nwrote ${paths.join(', ')}${budget.skipped.length ? `\nskipped (budget): ${budget.skipped.join('; ')}` : ''}`);
  } finally {
    backend.destroy();
  }
}

if (!(await serveWorkerIfAsked())) {
  // A missing driver, a bad flag or a wrong result: its message says what and what to do; a stack would not.
  await main().catch((error: unknown) => {
    console.error(`scheduler suite: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
    process.exitCode = 1;
  });
}
