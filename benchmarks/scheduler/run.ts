// Scheduler suite (issue 8, paper 004): the paper's synthetic compute- and memory-bound tasks across r_T, and
// workload 1 (batched APSP over many small graphs), each run without overlap on one device (the paper's
// "original": download, kernel, readback back to back) and through the scheduler on 1..c devices. Reports the
// speed-up over the original and δ against T_opt of the cost model fed with T_D, T_K, T_R measured in the
// original run, printed next to the measured time. Every task's output is checked. Writes
// results/scheduler-<device>-<date>.json.
//   tsx --conditions=source benchmarks/scheduler/run.ts [--devices 2 | --adapters A,B] [--buses 0,0]
//       [--rt 0.1,0.2,0.4,0.6,0.8,1,1.2,1.6] [--kinds compute,memory] [--tasks 24] [--tk-ms 5] [--streams 3] [--kernels-in-flight 1]
//       [--runs 3] [--apsp-graphs 512] [--apsp-size 128] [--no-apsp] [--out DIR]
//   tsx --conditions=source benchmarks/scheduler/run.ts --quick      (lavapipe: well under a minute)
import { parseArgs } from 'node:util';
import { verifyApsp } from '@semiforge/algorithms';
import {
  apspTask,
  costModel,
  generateApspBatch,
  openWebGpuBackend,
  overhead,
  type BatchApspResult,
  type PhaseTimes,
  type SchedulerReport,
} from '@semiforge/scheduler';
import { webgpuContext } from '../lib/gpu-context.js';
import { summarize, writeResults, type BenchResult } from '../lib/results.js';
import { firstDevices, medianPass, timedPass } from './measure.js';
import { firstWrong, syntheticInput, syntheticTask, type KernelLoad, type SyntheticKind } from './synthetic.js';

const { values: args } = parseArgs({
  options: {
    quick: { type: 'boolean', default: false },
    devices: { type: 'string', default: '1' },
    adapters: { type: 'string' },
    buses: { type: 'string' },
    rt: { type: 'string', default: '0.1,0.2,0.4,0.6,0.8,1,1.2,1.6' },
    kinds: { type: 'string', default: 'compute,memory' },
    tasks: { type: 'string', default: '24' },
    'tk-ms': { type: 'string', default: '5' },
    streams: { type: 'string', default: '3' },
    'kernels-in-flight': { type: 'string', default: '1' },
    runs: { type: 'string', default: '3' },
    'apsp-graphs': { type: 'string', default: '512' },
    'apsp-size': { type: 'string', default: '128' },
    apsp: { type: 'boolean', default: true },
    out: { type: 'string', multiple: true, default: ['benchmarks/results'] },
  },
  allowNegative: true,
});

const quick = args.quick;
const list = (text: string) => text.split(',').map((s) => s.trim());
const rts = quick ? [0.4, 1.2] : list(args.rt).map(Number);
const kinds = list(args.kinds) as SyntheticKind[];
for (const k of kinds) if (k !== 'compute' && k !== 'memory') throw new Error(`--kinds: unknown kind '${k}' (expected compute, memory)`);
const n = quick ? 8 : Number(args.tasks);
const tkTarget = quick ? 15 : Number(args['tk-ms']);
const streams = Number(args.streams);
const kernelsInFlight = Number(args['kernels-in-flight']);
const runs = quick ? 1 : Number(args.runs);
const apspGraphs = quick ? 16 : Number(args['apsp-graphs']);
const apspSize = quick ? 32 : Number(args['apsp-size']);

const backend = await openWebGpuBackend({
  ...(args.adapters ? { adapters: list(args.adapters) } : { devices: Number(args.devices) }),
  ...(args.buses ? { buses: list(args.buses).map(Number) } : {}),
});
const c = backend.devices.length;
const busOf = backend.devices.map((d) => d.bus);
const context = webgpuContext('scheduler', backend.devices[0].runtime);
context.versions['@semiforge/scheduler'] = '0.1.0';
const outDirs = [...args.out, ...(process.env.OUT ? [process.env.OUT] : [])];
console.error(
  `scheduler suite on ${context.device}: ${c} device(s) [${backend.devices.map((d) => d.label).join('; ')}], buses ${busOf.join(
    ',',
  )}, ${streams} streams, ${kernelsInFlight} kernel(s) in flight`,
);

const results: BenchResult[] = [];
const rows: string[][] = [['case', 'c', 'T_D', 'T_K', 'T_R', 'r_T', 'original', 'T', 'T_opt', 'speed-up', 'δ']];
const ms = (x: number) => x.toFixed(1);

/** The speed-up and δ entries of one case (shared/BENCHMARKS.md's `speedup` and `overhead_delta`). */
function record(
  name: string,
  params: BenchResult['params'],
  devices: number,
  original: SchedulerReport,
  streamed: SchedulerReport,
  times: number[],
  validation: string,
): void {
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
    backend: 'webgpu',
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
  rows.push([
    name,
    String(devices),
    ms(phases.tD),
    ms(phases.tK),
    ms(phases.tR),
    model.rT.toFixed(2),
    ms(original.time),
    ms(streamed.time),
    ms(model.tOpt),
    `${speedup.toFixed(2)}×`,
    `${(delta * 100).toFixed(1)}%`,
  ]);
  console.error(rows[rows.length - 1].join('  '));
}

/** Checks a synthetic task's array: input + 1 everywhere. */
function checkSynthetic(input: Uint32Array, what: string): (output: Uint32Array, task: number) => void {
  return (output, task) => {
    const at = firstWrong(input, output);
    if (at >= 0) throw new Error(`${what}: task ${task} element ${at} is ${output[at]}, expected ${(input[at] + 1) >>> 0}`);
  };
}

/** Kernel loads scaled from a short probe so that one kernel takes about `tkTarget` ms on device 0. */
async function calibrate(kind: SyntheticKind): Promise<KernelLoad> {
  const workgroups = quick ? 16 : 1024;
  const scratchBytes = quick ? 4 << 20 : 256 << 20;
  let load: KernelLoad = { kind, workgroups, iters: quick ? 2000 : 20_000, passes: 1, scratchBytes };
  for (let round = 0; round < 3; round++) {
    const input = syntheticInput(1024);
    const { best } = await medianPass(3, () => timedPass(firstDevices(backend, 1), [syntheticTask(input, load)], 1, checkSynthetic(input, 'calibration')));
    const scale = tkTarget / Math.max(best.phases.tK, 0.01);
    if (Math.abs(scale - 1) < 0.15) break;
    load =
      kind === 'compute' ? { ...load, iters: Math.max(1, Math.round(load.iters * scale)) } : { ...load, passes: Math.max(1, Math.round(load.passes * scale)) };
  }
  return load;
}

/** Host ↔ device milliseconds per byte (download until on the device, plus readback), from a probe array. */
async function transferMsPerByte(load: KernelLoad): Promise<number> {
  const bytes = quick ? 1 << 20 : 64 << 20;
  const input = syntheticInput(bytes / 4);
  const { best } = await medianPass(3, () =>
    timedPass(firstDevices(backend, 1), [syntheticTask(input, { ...load, iters: 1, passes: 0 })], 1, checkSynthetic(input, 'transfer probe')),
  );
  return (best.phases.tD + best.phases.tR) / bytes;
}

try {
  for (const kind of kinds) {
    const load = await calibrate(kind);
    const perByte = await transferMsPerByte(load);
    console.error(
      `${kind}: ${load.kind === 'compute' ? `${load.iters} FMAs/thread` : `${load.passes} passes over ${load.scratchBytes >> 20} MiB`}, transfers ${(
        1 /
        perByte /
        1e6
      ).toFixed(2)} GB/s`,
    );
    for (const rT of rts) {
      const elements = Math.max(64, Math.round((rT * tkTarget) / perByte / 4));
      const input = syntheticInput(elements);
      const tasks = Array.from({ length: n }, () => syntheticTask(input, load));
      const check = checkSynthetic(input, `${kind} r_T ${rT}`);
      const original = await medianPass(runs, () => timedPass(firstDevices(backend, 1), tasks, 1, check));
      for (let devices = 1; devices <= c; devices++) {
        const streamed = await medianPass(runs, () => timedPass(firstDevices(backend, devices), tasks, streams, check, kernelsInFlight));
        const name = `synthetic ${kind} r_T≈${rT} (${(elements * 4) >> 10} KiB per task)`;
        record(
          name,
          { kind, r_t_target: rT, bytes: elements * 4 },
          devices,
          original.best,
          streamed.best,
          streamed.times,
          `every task's array read back equals input + 1 (${n} tasks)`,
        );
      }
      writeResults('scheduler', context, results, outDirs);
    }
  }

  if (args.apsp) {
    const graphs = generateApspBatch(apspGraphs, apspSize);
    const tasks = graphs.map((g) => apspTask(g));
    const check = (v: BatchApspResult, i: number) => {
      const verification = verifyApsp(graphs[i].graph, v.dist, v.plan);
      if (!verification.ok) throw new Error(`batch APSP: ${graphs[i].name} differs from the CPU reference at ${JSON.stringify(verification.first)}`);
    };
    const original = await medianPass(runs, () => timedPass(firstDevices(backend, 1), tasks, 1, check));
    for (let devices = 1; devices <= c; devices++) {
      const streamed = await medianPass(runs, () => timedPass(firstDevices(backend, devices), tasks, streams, check, kernelsInFlight));
      record(
        `batch APSP ${apspGraphs} × random4n(n=${apspSize})`,
        { n: apspSize, graphs: apspGraphs, workload: 'batch-apsp' },
        devices,
        original.best,
        streamed.best,
        streamed.times,
        `every graph's distances equal the CPU Floyd-Warshall reference (${apspGraphs} graphs)`,
      );
    }
  }
  const paths = writeResults('scheduler', context, results, outDirs);
  console.error(`\n${rows.map((r) => r.join('\t')).join('\n')}\n\nwrote ${paths.join(', ')}`);
} finally {
  backend.destroy();
}
