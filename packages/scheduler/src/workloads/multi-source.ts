import { createBfsEngine, createSsspRunner, MAX_MULTI_SOURCES, type AnyDevice, type BfsEngine, type BfsOptions, type SsspKernelOptions } from '@semiforge/algorithms';
import type { Csr } from '@semiforge/graph-io';
import { portableTask, registerExecutor, type Executor, type ExecutorDevice } from '../executor.js';
import type { OutcomeOrder, Scheduler, TaskOutcome } from '../scheduler.js';
import type { ResidentStore } from '../resident-store.js';

/** Which search a multi-source batch runs, with the options of its runner. */
export type SearchSpec = { readonly algorithm: 'bfs'; readonly options?: BfsOptions } | { readonly algorithm: 'sssp'; readonly options?: SsspKernelOptions };

/** The answers of one task: per source, BFS parents (−1 unreached) or SSSP distances (Infinity unreached). */
export interface SourcesResult {
  readonly sources: readonly number[];
  /** BFS: parent per vertex, one array per source. */
  readonly parents?: readonly Int32Array[];
  /** SSSP: distance per vertex, one array per source. */
  readonly dist?: readonly Float64Array[];
  /** SSSP: parent per vertex (`NO_PARENT` unreached), one array per source. */
  readonly ssspParents?: readonly Uint32Array[];
}

/** Input of the `search-sources` executor. */
interface SourcesInput {
  /** Names the graph on the device; the graph itself comes with the first task a device gets. */
  readonly key: string;
  readonly graph?: Csr;
  readonly search: SearchSpec;
  readonly sources: readonly number[];
}

type Runner = { readonly kind: 'bfs'; readonly runner: BfsEngine } | { readonly kind: 'sssp'; readonly runner: Awaited<ReturnType<typeof createSsspRunner>> };

/** What the executor needs of a scheduler device, WebGPU's or CUDA's: its runtime device and resident store. */
interface SearchDevice {
  readonly runtime: AnyDevice;
  readonly resident: ResidentStore;
}

async function residentRunner(device: SearchDevice, input: SourcesInput): Promise<Runner> {
  const key = `graph:${input.key}`;
  if (input.graph === undefined) return device.resident.require<Runner>(key);
  const { search, graph } = input;
  const runner: Runner =
    search.algorithm === 'bfs'
      ? { kind: 'bfs', runner: await createBfsEngine(device.runtime, graph, search.options) }
      : { kind: 'sssp', runner: await createSsspRunner(device.runtime, graph, search.options) };
  const bytes = graph.indices.byteLength + graph.indptr.byteLength + (graph.weight?.byteLength ?? 0);
  return device.resident.put(key, runner, bytes, (r) => r.runner.destroy());
}

/**
 * `search-sources`: the searches of one batch of sources on the device's resident graph. The runners' public
 * `run`/`runMulti`/`runMany` read their answers back themselves, so the kernel phase includes that read and the
 * readback phase only hands the arrays over.
 */
const sourcesExecutor: Executor<SourcesInput, { runner: Runner; sources: readonly number[]; result?: SourcesResult }, SourcesResult, SearchDevice> = {
  download: async (device, input) => ({ runner: await residentRunner(device, input), sources: input.sources }),
  async kernel(_device, state) {
    const { runner, sources } = state;
    if (runner.kind === 'sssp') {
      const results = await runner.runner.runMany(sources);
      state.result = { sources, dist: results.map((r) => r.dist), ssspParents: results.map((r) => r.parent!) };
    } else if (sources.length > 1) {
      state.result = { sources, parents: (await runner.runner.runMulti(sources)).parents };
    } else {
      state.result = { sources, parents: [(await runner.runner.run(sources[0])).parent] };
    }
  },
  readback: (_device, state) => state.result!,
};

// The same executor on both backends: the runners' factories pick WebGPU's or CUDA's by the device.
registerExecutor('search-sources', sourcesExecutor);
registerExecutor('search-sources', sourcesExecutor, 'cuda');

/** Options of {@link multiSourceSearch}. */
export interface MultiSourceOptions {
  /** Sources per task (default: 32 for BFS, one `runMulti` pass; 8 for SSSP). */
  readonly perTask?: number;
  readonly order?: OutcomeOrder;
  /**
   * Names the graph on the devices, so that a later search of the same graph under the same key reuses it
   * (default: a new key per call, the graph sent again).
   */
  readonly key?: string;
}

let graphs = 0;
/** Graph keys each device holds, as the host sent them (devices outlive one search, and one scheduler). */
const holdings = new WeakMap<ExecutorDevice, Set<string>>();

function holding(device: ExecutorDevice): Set<string> {
  let keys = holdings.get(device);
  if (keys === undefined) holdings.set(device, (keys = new Set()));
  return keys;
}

/**
 * Multi-source BFS or SSSP with the graph resident on every device and the sources split among them: the
 * sources go in batches of `perTask`, one scheduler task each; a device builds its runner (uploads the graph)
 * once, from the first task it gets, before any timed task (`warmUp` sends it to every device). Yields each
 * batch's outcome.
 *
 * @example
 * ```ts
 * for await (const o of multiSourceSearch(scheduler, csr, { algorithm: 'bfs' }, sources)) {
 *   if (o.ok) o.value.parents!.forEach((p, i) => use(o.value.sources[i], p));
 * }
 * ```
 */
export async function* multiSourceSearch(
  scheduler: Scheduler<ExecutorDevice>,
  graph: Csr,
  search: SearchSpec,
  sources: readonly number[],
  options: MultiSourceOptions = {},
): AsyncGenerator<TaskOutcome<SourcesResult>> {
  const perTask = options.perTask ?? (search.algorithm === 'bfs' ? MAX_MULTI_SOURCES : 8);
  const limit = search.algorithm === 'bfs' ? MAX_MULTI_SOURCES : Number.MAX_SAFE_INTEGER;
  if (!Number.isInteger(perTask) || perTask < 1 || perTask > limit) throw new RangeError(`perTask = ${perTask}: a task takes 1 to ${limit} sources.`);
  if (sources.length === 0) return;
  const key = options.key ?? `graph-${++graphs}`;
  const task = (batch: readonly number[]) =>
    portableTask<SourcesResult>('search-sources', (device: ExecutorDevice): SourcesInput => {
      const keys = holding(device);
      const send = !keys.has(key);
      keys.add(key);
      return { key, search, sources: batch, ...(send ? { graph } : {}) };
    });
  await scheduler.warmUp(task(sources.slice(0, perTask)));
  const batches = Array.from({ length: Math.ceil(sources.length / perTask) }, (_, i) => sources.slice(i * perTask, (i + 1) * perTask));
  yield* scheduler.run(batches.map(task), { order: options.order });
}
