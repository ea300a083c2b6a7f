import { createSsspRunner, toIntegerWeights, validateSsspParallel, type SsspKernelOptions, type SsspMethod, type SsspPlan, type SsspResult, type SsspWeightType } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import { openCommandDevice, thenDestroy, type BackendFlags } from '../command-device.js';
import { EXIT, UsageError } from '../errors.js';
import type { CliIo } from '../io.js';
import { loadGraphInput, pickSources, type GraphInputFlags, type SourceFlags } from '../graph/graph-input.js';
import { formatMs, formatSi, table } from '../output/format.js';

/** `semiforge sssp` flags after parsing (commander's camelCase keys). */
export interface SsspFlags extends GraphInputFlags, SourceFlags, BackendFlags {
  readonly method: SsspMethod | 'auto';
  readonly weights: SsspWeightType;
  /** Near-far's handling of heavy arcs (`SsspKernelOptions.heavyArcs`); refused with another method. */
  readonly heavyArcs: NonNullable<SsspKernelOptions['heavyArcs']>;
  /** Near-far's hub degree (`SsspKernelOptions.hubDegree`; 0: no hubs); above 0 refused with another method or with heavy arcs settled. */
  readonly hubDegree?: number;
  /** Near-far's hub rounds (`SsspKernelOptions.hubRounds`: the hub step is delta / rounds); refused where no hubs wait. */
  readonly hubRounds?: number;
  /** Near-far's hub step growth after each release (`SsspKernelOptions.hubGrowth`); refused where no hubs wait. */
  readonly hubGrowth?: number;
  /** FILE as an undirected graph: every arc's mirror added, parallel arcs merged (the least weight kept). */
  readonly symmetrize?: boolean;
  /** Search the graph renumbered by descending degree (`SsspKernelOptions.relabel: 'degree'`); answers stay in the file's ids. */
  readonly degreeOrder?: boolean;
  /** Near-far's bucket width (`SsspKernelOptions.delta`); refused with another method. */
  readonly delta?: number;
  /** Arcs per queue item of the frontier methods (`SsspKernelOptions.chunk`). */
  readonly chunk?: number;
  /** Arcs an invocation relaxes a step in the frontier methods (`SsspKernelOptions.arcUnroll`). */
  readonly arcUnroll?: number;
  /** Each frontier pass decides the advance step itself (`SsspKernelOptions.fuseAdvance`; WebGPU only). */
  readonly fuseAdvance?: boolean;
  /** False (`--no-pack-arcs`): heads and weights apart (`SsspKernelOptions.packArcs`); else the plan's default. */
  readonly packArcs?: boolean;
  readonly maxDistance?: number;
  readonly verify?: boolean;
  readonly json?: boolean;
}

/** One query of `semiforge sssp`. */
export interface SsspTrial {
  /** In the user's ids. */
  readonly source: number;
  readonly reached: number;
  readonly passes: number;
  readonly parentPasses: number;
  /** GPU time of the distance passes, or null without timestamps. */
  readonly gpuTimeMs: number | null;
  readonly wallTimeMs: number;
  /** Arcs / time (GPU time when measured, else wall), paper 001's "edges processed per second". */
  readonly edgesPerSecond: number;
  /** The Graph500 rules' verdict with --verify, else null. */
  readonly valid: boolean | null;
  readonly violation: string | null;
}

/** What the plan chose beside the method (the frontier methods' settings; null for Bellman-Ford). */
export interface SsspSettings {
  /** Near-far's bucket width (null for the other methods). */
  readonly delta: number | null;
  /** Near-far's hub degree (0: hubs do not wait). */
  readonly hubDegree: number;
  /** Hubs waiting: the hub step (delta / hub rounds) and its factor after each release; null where no hubs wait. */
  readonly hubStep: number | null;
  readonly hubGrowth: number | null;
  /** Arcs per queue item (null for Bellman-Ford). */
  readonly chunk: number | null;
  /** The queues packed as (vertex, chunk) pairs for a device with few storage buffers. */
  readonly packedQueue: boolean;
  /** The pass's arcs packed as head << bits | weight: the weight's bits (null: heads and weights apart). */
  readonly arcWeightBits: number | null;
  /** The graph searched renumbered by descending degree. */
  readonly degreeOrder: boolean;
  /** Each frontier pass decided the advance step itself (one dispatch a pass). */
  readonly fusedAdvance: boolean;
}

/** The `--json` object of `semiforge sssp`. */
export interface SsspSummary {
  readonly command: 'sssp';
  readonly graph: string;
  readonly vertices: number;
  readonly arcs: number;
  readonly method: SsspMethod;
  readonly settings: SsspSettings;
  readonly weights: SsspWeightType;
  readonly device: string;
  /** Host wall time of making the runner: weights converted, kernels planned and compiled, the graph uploaded (and renumbered with --degree-order). */
  readonly setupMs: number;
  readonly trials: readonly SsspTrial[];
  readonly verified: boolean | null;
}

const CMD = 'sssp';
const INTEGER_WEIGHT_MAX = 255;



async function trialOf(csr: Csr, r: SsspResult, flags: SsspFlags): Promise<SsspTrial> {
  const check = flags.verify ? await validateSsspParallel(csr, r.source, r, { weights: flags.weights, maxDistance: flags.maxDistance }) : undefined;
  const ms = r.gpuTimeMs ?? r.wallTimeMs;
  return {
    source: csr.ids ? csr.ids[r.source] : r.source,
    reached: r.dist.reduce((k, d) => (d === Infinity ? k : k + 1), 0),
    passes: r.passes,
    parentPasses: r.parentPasses,
    gpuTimeMs: r.gpuTimeMs ?? null,
    wallTimeMs: r.wallTimeMs,
    edgesPerSecond: ms > 0 ? csr.indices.length / (ms / 1000) : 0,
    valid: check ? check.valid : null,
    violation: check?.violation?.message ?? null,
  };
}

function settingsOf(plan: SsspPlan): SsspSettings {
  const queued = plan.method !== 'bellman-ford';
  return {
    delta: plan.method === 'near-far' ? plan.delta : null,
    hubDegree: plan.hubDegree,
    hubStep: plan.hubDegree ? plan.hubStep : null,
    hubGrowth: plan.hubDegree ? plan.hubGrowth : null,
    chunk: queued ? (plan.relax.chunk ?? null) : null,
    packedQueue: plan.relax.packedQueue === true,
    arcWeightBits: plan.relax.arcWeightBits ?? null,
    degreeOrder: plan.relabel === 'degree',
    fusedAdvance: plan.relax.fusedAdvance === true,
  };
}

/** The plan's choices in words, e.g. "delta 35, hubs of degree ≥ 64, chunks of 256 arcs". */
function settingsText(s: SsspSettings): string {
  const parts = [
    ...(s.delta === null ? [] : [`delta ${s.delta}`]),
    ...(s.hubDegree ? [`hubs of degree ≥ ${s.hubDegree} in steps of ${s.hubStep}${s.hubGrowth !== 1 ? ` growing × ${s.hubGrowth}` : ''}`] : []),
    ...(s.chunk === null ? [] : [`chunks of ${s.chunk} arcs`]),
    ...(s.packedQueue ? ['packed queues'] : []),
    ...(s.arcWeightBits === null ? [] : [`arcs packed with ${s.arcWeightBits}-bit weights`]),
    ...(s.degreeOrder ? ['degree order'] : []),
    ...(s.fusedAdvance ? ['advance step fused'] : []),
  ];
  return parts.length ? ` (${parts.join(', ')})` : '';
}

function summaryText(s: SsspSummary): string {
  const gpu = s.trials.map((t) => t.gpuTimeMs).filter((t): t is number => t !== null);
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const time = gpu.length === s.trials.length ? `median ${formatMs(median(gpu))} GPU time` : `median ${formatMs(median(s.trials.map((t) => t.wallTimeMs)))} wall time`;
  const verified = s.verified === null ? '' : `verified (Graph500 rules): ${s.verified ? 'yes' : `NO: ${s.trials.find((t) => t.valid === false)!.violation}`}\n`;
  return `sssp ${s.graph}: ${s.vertices} vertices, ${s.arcs} arcs on ${s.device}\n${s.method}${settingsText(s.settings)}, ${s.weights} weights, ${s.trials.length} source(s), ${time}; setup ${formatMs(s.setupMs)}\n${verified}`;
}

/** The library's options from the flags (the tuning ones only when given, so the plan's defaults apply otherwise). */
function runnerOptions(flags: SsspFlags): SsspKernelOptions {
  return {
    method: flags.method,
    weights: flags.weights,
    heavyArcs: flags.heavyArcs,
    hubDegree: flags.hubDegree,
    ...(flags.hubRounds === undefined ? {} : { hubRounds: flags.hubRounds }),
    ...(flags.hubGrowth === undefined ? {} : { hubGrowth: flags.hubGrowth }),
    ...(flags.degreeOrder ? { relabel: 'degree' } : {}),
    ...(flags.delta === undefined ? {} : { delta: flags.delta }),
    ...(flags.chunk === undefined ? {} : { chunk: flags.chunk }),
    ...(flags.arcUnroll === undefined ? {} : { arcUnroll: flags.arcUnroll }),
    ...(flags.fuseAdvance ? { fuseAdvance: true } : {}),
    ...(flags.packArcs === false ? { packArcs: false } : {}),
  };
}

/** The frontier methods' tuning flags, by their keys in {@link SsspFlags}. */
const TUNING_FLAGS = { delta: '--delta', chunk: '--chunk', arcUnroll: '--arc-unroll', fuseAdvance: '--fuse-advance' } as const;

/** The first of `keys` given, as typed (`--chunk 64`, `--fuse-advance`), for a refusal to name. */
function givenTuning(flags: SsspFlags, keys: readonly (keyof typeof TUNING_FLAGS)[]): string | undefined {
  const key = keys.find((k) => flags[k] !== undefined && flags[k] !== false);
  if (key === undefined) return undefined;
  return typeof flags[key] === 'boolean' ? TUNING_FLAGS[key] : `${TUNING_FLAGS[key]} ${flags[key]}`;
}

/**
 * --method auto plans Bellman-Ford where a weight is negative, whose edge passes have no buckets or queues: the
 * library refuses --delta, --chunk and --arc-unroll there; the command says so in its flags' words, before a
 * device opens.
 */
function checkTuningApplies(flags: SsspFlags, csr: Csr): void {
  if (flags.method !== 'auto') return;
  const given = givenTuning(flags, ['delta', 'chunk', 'arcUnroll']);
  if (given && csr.weight?.some((w) => w < 0)) throw new UsageError(`${given}: --method auto planned bellman-ford for this graph (a weight is negative), whose edge passes have no buckets or queues; leave the flag out`, CMD);
}

/**
 * `semiforge sssp [FILE]`: single-source shortest paths on the GPU from --source or -n random sources, by
 * paper 001's Bellman-Ford, frontier Bellman-Ford or near-far. One line per source on stdout (or one JSON
 * object with --json), the summary on stderr. Returns 0, or {@link EXIT.verifyFailed} when --verify finds a
 * result that breaks the Graph500 rules.
 */
export async function runSssp(file: string | undefined, flags: SsspFlags, io: CliIo): Promise<number> {
  if (flags.heavyArcs === 'settle' && flags.method !== 'near-far' && flags.method !== 'auto') {
    throw new UsageError(`--heavy-arcs settle: heavy arcs are near-far's (weight ≥ its bucket width), not ${flags.method}'s; use --method near-far`, CMD);
  }
  if (flags.hubDegree && flags.method !== 'near-far' && flags.method !== 'auto') {
    throw new UsageError(`--hub-degree ${flags.hubDegree}: hubs wait in near-far's buckets, not in ${flags.method}'s passes; use --method near-far`, CMD);
  }
  if (flags.delta !== undefined && flags.method !== 'near-far' && flags.method !== 'auto') {
    throw new UsageError(`--delta ${flags.delta}: the bucket width is near-far's, not ${flags.method}'s; use --method near-far`, CMD);
  }
  const queueFlag = givenTuning(flags, ['chunk', 'arcUnroll', 'fuseAdvance']);
  if (queueFlag && flags.method === 'bellman-ford') {
    throw new UsageError(`${queueFlag}: tunes the queue passes of frontier and near-far, not bellman-ford's edge passes; use --method near-far or frontier`, CMD);
  }
  const hubFlag = flags.hubRounds !== undefined ? `--hub-rounds ${flags.hubRounds}` : flags.hubGrowth !== undefined ? `--hub-growth ${flags.hubGrowth}` : undefined;
  if (hubFlag && (flags.hubDegree === 0 || (flags.method !== 'near-far' && flags.method !== 'auto') || flags.heavyArcs === 'settle')) {
    throw new UsageError(`${hubFlag}: tunes the hubs that wait in near-far's buckets; use --method near-far without --heavy-arcs settle, and --hub-degree above 0 (or its default on skewed degrees)`, CMD);
  }
  if (flags.hubDegree && flags.heavyArcs === 'settle') {
    throw new UsageError(`--hub-degree ${flags.hubDegree} with --heavy-arcs settle: both mark waiting vertices the same way; use one of them`, CMD);
  }
  const input = await loadGraphInput(CMD, file, flags, io, { weights: true, symmetrize: flags.symmetrize });
  const csr = input.generated && flags.weights === 'u32' ? toIntegerWeights(input.csr, INTEGER_WEIGHT_MAX) : input.csr;
  const name = input.generated ? `${input.name.slice(0, -1)}, ${flags.weights === 'u32' ? `weights 1..${INTEGER_WEIGHT_MAX}` : 'Graph500 weights'})` : input.name;
  const sources = pickSources(csr, flags, CMD);
  checkTuningApplies(flags, csr);
  const opened = await openCommandDevice(CMD, flags, io);
  const { device, name: deviceName } = opened;
  const { results, method, settings, setupMs } = await thenDestroy(opened, async () => {
    const started = performance.now();
    const runner = await createSsspRunner(device, csr, runnerOptions(flags));
    const setupMs = performance.now() - started;
    try {
      return { method: runner.plan.method, settings: settingsOf(runner.plan), setupMs, results: await runner.runMany(sources, { maxDistance: flags.maxDistance }) };
    } finally {
      runner.destroy();
    }
  });
  const trials: SsspTrial[] = [];
  for (const r of results) trials.push(await trialOf(csr, r, flags));
  const summary: SsspSummary = {
    command: 'sssp',
    graph: name,
    vertices: csr.n,
    arcs: csr.indices.length,
    method,
    settings,
    weights: flags.weights,
    device: deviceName,
    setupMs,
    trials,
    verified: flags.verify ? trials.every((t) => t.valid) : null,
  };
  io.stderr.write(summaryText(summary));
  if (flags.json) io.stdout.write(`${JSON.stringify(summary)}\n`);
  else {
    const rows = trials.map((t) => [String(t.source), String(t.reached), String(t.passes), formatMs(t.gpuTimeMs ?? t.wallTimeMs), `${formatSi(t.edgesPerSecond)}E/s`]);
    io.stdout.write(table(['source', 'reached', 'passes', 'time', 'edges/s'], rows));
  }
  return summary.verified === false ? EXIT.verifyFailed : EXIT.ok;
}
