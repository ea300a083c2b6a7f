import { apsp, isCudaDevice, kernelFor, planApsp, planSpecs, type ApspMethod, type ApspPlan, type ApspResult } from '@semiforge/algorithms';
import { type Layout, CONSTANTS, getSemiring, listSemirings, type ElementArray, type ElementType } from '@semiforge/codegen';
import {
  DEFAULT_MAX_DENSE_ELEMENTS,
  edgeCount,
  generateRandom4n,
  GRAPH_FILE_EXTENSIONS,
  graphFileKind,
  readGraphFile,
  type EdgeList,
} from '@semiforge/graph-io';
import { commandBackend, openCommandDevice, thenDestroy, type BackendFlags } from '../command-device.js';
import { CliError, EXIT, UsageError } from '../errors.js';
import { parseIntFlag } from '../flags.js';
import type { CliIo } from '../io.js';
import { checkF32Weights } from '../graph/f32-weights.js';
import { checkMatrixSize, matrixFormat, writeMatrix, type MatrixFormat } from '../output/matrix-file.js';
import { checkOutputPath } from '../output/output-path.js';
import { progressBar } from '../output/progress.js';
import { formatSummary, medianTrial, summaryNotes, type ApspSummary, type PathReport, type Trial } from './apsp-report.js';
import { FULL_REFERENCE_MAX_N, verifyApsp, verifyMethod } from '@semiforge/algorithms';

/** `semiforge apsp` flags after parsing (commander's camelCase keys). */
export interface ApspFlags extends BackendFlags {
  readonly generate?: number;
  readonly seed: number;
  /** Whether `--seed` was given (it only applies to `--generate`). */
  readonly seedGiven: boolean;
  readonly method: ApspMethod;
  readonly layout?: Layout;
  /** Undefined: the algorithms' default for the graph's size. */
  readonly tile?: number;
  readonly unroll?: number;
  readonly semiring: string;
  readonly type: ElementType;
  readonly successors?: boolean;
  readonly verify?: boolean;
  readonly out?: string;
  readonly json?: boolean;
  readonly path?: readonly string[];
  readonly trials: number;
}

/** A graph and how to name it. */
interface Input {
  readonly graph: EdgeList;
  readonly name: string;
}

const CMD = 'apsp';

/** Semiring and type checks in flag terms, before codegen would name `KernelSpec` fields. */
function checkSemiring(name: string, type: ElementType): void {
  const s = getSemiring(name);
  if (!s.idempotent) {
    const usable = listSemirings()
      .filter((x) => x.idempotent)
      .map((x) => x.name);
    throw new UsageError(`--semiring ${name}: its ⊕ is not idempotent, so Floyd-Warshall has no closure; use one of ${usable.join(', ')}`, CMD);
  }
  if (!s.types.includes(type)) {
    throw new UsageError(`--type ${type}: semiring '${name}' is defined for ${s.types.join(', ')} only`, CMD);
  }
}

function parsePath(values: readonly string[] | undefined): [number, number] | undefined {
  if (values === undefined) return undefined;
  if (values.length !== 2) {
    throw new UsageError(`--path ${values.join(' ')}: takes exactly two vertices U V (put FILE before --path)`, CMD);
  }
  const rule = { min: 0, max: 0xfffffffe, rule: 'vertices are 0-based integers' };
  return [parseIntFlag('--path', values[0], rule), parseIntFlag('--path', values[1], rule)];
}

async function loadGraph(file: string | undefined, flags: ApspFlags, io: CliIo): Promise<Input> {
  if (file !== undefined && flags.generate !== undefined) throw new UsageError(`give a FILE or --generate N, not both`, CMD);
  if (file === undefined && flags.generate === undefined) {
    throw new UsageError('apsp needs a graph: a FILE (.gr, .mtx, .el, .wel, .txt, optionally .gz, or .sfg) or --generate N', CMD);
  }
  if (file === undefined) {
    const n = flags.generate as number;
    return { graph: generateRandom4n(n, flags.seed), name: `random4n(n=${n}, seed=${flags.seed})` };
  }
  if (graphFileKind(file).format === undefined && !/\.sfg$/i.test(file)) {
    throw new UsageError(`${file}: unknown graph format; name the file ${GRAPH_FILE_EXTENSIONS.join(', ')} (each optionally .gz) or .sfg`, CMD);
  }
  if (flags.seedGiven) io.stderr.write('note: --seed only applies to --generate; ignored for a FILE\n');
  return { graph: await readGraphFile(file), name: file };
}

/** Refuses graphs whose weights the element type cannot hold, naming the arc and the way out. */
function checkWeights(graph: EdgeList, name: string, plan: ApspPlan): void {
  if (graph.n * graph.n > DEFAULT_MAX_DENSE_ELEMENTS) {
    throw new CliError(
      `the graph has n = ${graph.n} vertices: its dense ${graph.n}×${graph.n} distance matrix exceeds ${DEFAULT_MAX_DENSE_ELEMENTS} elements`,
      'APSP needs n² memory; use a smaller graph',
    );
  }
  const { weight, src, dst } = graph;
  if (plan.semiring === 'or-and' || weight === null) return;
  if (plan.type === 'f32') return checkF32Weights(graph, name);
  const lo = plan.type === 'u32' ? 0 : -CONSTANTS.i32.INF;
  const hi = CONSTANTS[plan.type].INF - 1;
  for (let k = 0; k < weight.length; k++) {
    const w = weight[k];
    if (!Number.isInteger(w) || w < lo || w > hi) {
      throw new CliError(
        `--type ${plan.type} needs integer arc weights in ${lo}..${hi}, but arc ${k} (${src[k]} → ${dst[k]}) weighs ${w}`,
        'use --type f32',
      );
    }
  }
}

/** Opens the device (`--backend`, `--adapter`), runs the trials with a progress bar, and closes the device. */
async function runTrials(
  graph: EdgeList,
  plan: ApspPlan,
  flags: ApspFlags,
  io: CliIo,
): Promise<{ result: ApspResult; trials: Trial[]; device: string; adapter: ApspSummary['adapter'] }> {
  const opened = await openCommandDevice(CMD, flags, io);
  const { device, name } = opened;
  const on = isCudaDevice(device) ? { cudaDevice: device } : { device };
  return thenDestroy(opened, async () => {
    const trials: Trial[] = [];
    let result: ApspResult | undefined;
    for (let t = 0; t < flags.trials; t++) {
      const label = flags.trials === 1 ? 'apsp' : `apsp ${t + 1}/${flags.trials}`;
      const bar = progressBar(io, label);
      try {
        result = await apsp(graph, {
          method: plan.method,
          layout: plan.layout,
          tile: plan.tile,
          unroll: flags.unroll,
          semiring: plan.semiring,
          type: plan.type,
          successors: plan.successors,
          ...on,
          onProgress: (done, total) => bar.update(done, total),
        });
      } finally {
        bar.stop();
      }
      trials.push({ gpuTimeMs: result.gpuTimeMs ?? null, wallTimeMs: result.wallTimeMs });
    }
    if (isCudaDevice(device)) return { result: result!, trials, device: name, adapter: null };
    const { features: _features, limits: _limits, ...adapter } = device.adapter;
    return { result: result!, trials, device: name, adapter };
  });
}

function distanceValue(dist: ElementArray, i: number, type: ElementType): number | null {
  const v = dist[i];
  if (!Number.isFinite(v)) return null;
  if (type !== 'f32' && (v === CONSTANTS[type].INF || (v === CONSTANTS[type].NEG_INF && v !== 0))) return null;
  return v;
}

/**
 * `semiforge apsp [FILE]`: all-pairs shortest paths (or another idempotent semiring's closure) on the GPU.
 * Returns the exit status: 0, or {@link EXIT.verifyFailed} when `--verify` finds a difference.
 */
export async function runApsp(file: string | undefined, flags: ApspFlags, io: CliIo): Promise<number> {
  const wantedPath = parsePath(flags.path);
  const outFormat: MatrixFormat | undefined = flags.out === undefined ? undefined : matrixFormat(flags.out);
  checkSemiring(flags.semiring, flags.type);
  const options = {
    method: flags.method,
    layout: flags.layout,
    tile: flags.tile,
    unroll: flags.unroll,
    semiring: flags.semiring,
    type: flags.type,
    successors: flags.successors === true || wantedPath !== undefined,
  };
  const target = commandBackend(flags) === 'cuda' ? 'cuda' : 'wgsl';
  for (const spec of planSpecs(planApsp({ ...options, target }))) kernelFor(spec); // SpecError now, before reading a large file

  if (flags.out !== undefined) await checkOutputPath(flags.out);
  const { graph, name } = await loadGraph(file, flags, io);
  const n = graph.n;
  const plan = planApsp({ ...options, target }, n);
  checkWeights(graph, name, plan);
  if (wantedPath !== undefined) {
    for (const v of wantedPath) if (v >= n) throw new UsageError(`--path: vertex ${v} is out of range 0..${n - 1} (vertices are 0-based)`, CMD);
  }
  if (flags.out !== undefined) checkMatrixSize(flags.out, outFormat!, n);
  if (flags.verify && verifyMethod(graph, plan) === 'reference' && n > 4 * FULL_REFERENCE_MAX_N) {
    io.stderr.write(`note: --verify runs the O(n³) CPU reference for n = ${n} (${plan.semiring}, or negative weights); this takes a while\n`);
  }

  const { result, trials, device, adapter } = await runTrials(graph, plan, flags, io);
  const timeSource = trials.every((t) => t.gpuTimeMs !== null) ? 'gpu' : 'wall';
  const reported = medianTrial(trials, timeSource);
  const seconds = (timeSource === 'gpu' ? (reported.gpuTimeMs as number) : reported.wallTimeMs) / 1000;

  const verification = flags.verify ? verifyApsp(graph, result.dist, plan) : null;
  if (flags.out !== undefined) await writeMatrix(flags.out, outFormat!, result.dist, n, { type: plan.type, semiring: plan.semiring });
  let path: PathReport | null = null;
  if (wantedPath !== undefined) {
    const [from, to] = wantedPath;
    path = { from, to, vertices: result.path(from, to), distance: distanceValue(result.dist, from * n + to, plan.type) };
  }

  // The plan that ran: CUDA settles DPX from the weights.
  const ran = result.plan;
  const summary: ApspSummary = {
    command: 'apsp',
    graph: name,
    n,
    arcs: edgeCount(graph),
    method: ran.method,
    tile: ran.tile,
    unroll: ran.blocked?.update.unroll ?? 1,
    layout: ran.layout,
    semiring: ran.semiring,
    type: ran.type,
    successors: ran.successors,
    paddedN: result.paddedN,
    device,
    adapter,
    gpuTimeMs: reported.gpuTimeMs,
    wallTimeMs: reported.wallTimeMs,
    timeSource,
    relaxationsPerSecond: seconds > 0 ? n ** 3 / seconds : 0,
    trials,
    verified: verification === null ? null : verification.ok,
    verification,
    path,
    out: flags.out ?? null,
  };
  io.stderr.write(formatSummary(summary));
  for (const note of summaryNotes(summary)) io.stderr.write(`note: ${note}\n`);
  if (flags.json) io.stdout.write(`${JSON.stringify(summary, null, 2)}\n`);
  else if (path?.vertices) io.stdout.write(`${path.vertices.join(' ')}\n`);
  return verification !== null && !verification.ok ? EXIT.verifyFailed : EXIT.ok;
}
