import { MAX_BFS_CHUNKS } from '@semiforge/codegen';
import { symmetrize as symmetrizeCsr, type Csr } from '@semiforge/graph-io';
import { LimitError } from '@semiforge/runtime';
import { validateGraph, validateGraphParallel } from '../check-graph.js';
import { checkMirrored, checkMirroredParallel } from '../check-mirrored.js';
import { checkVertex } from '../check-vertex.js';
import { MAX_MULTI_SOURCES } from './bfs.steps.js';

/** Whether to mirror a directed graph's arcs before searching. */
export interface BfsGraphOptions {
  /** A directed graph is refused unless this is true; then every arc's mirror is added. Default false. */
  readonly symmetrize?: boolean;
}

/**
 * The graph BFS searches: the direction-optimising search (its bottom-up steps look at a vertex's
 * neighbours as possible parents) needs a symmetric graph, so a directed one is refused, saying so,
 * unless `symmetrize: true` asks for its mirror arcs to be added. The caller's graph is checked first (its
 * structure, its mirrors when marked undirected) unless `checked` says {@link checkBfsGraph} did that.
 *
 * @example
 * ```ts
 * bfsGraph(webGraph);                        // throws: the graph is directed …
 * bfsGraph(webGraph, { symmetrize: true });  // the undirected view
 * ```
 */
export function bfsGraph(csr: Csr, options: BfsGraphOptions = {}, checked = false): Csr {
  if (!checked) {
    validateGraph('bfs', csr);
    checkMirrored('bfs', csr);
  }
  if (!csr.directed) return csr;
  if (!options.symmetrize) {
    throw new Error(
      'bfs: the graph is directed, but direction-optimising BFS follows edges both ways and needs a symmetric graph; ' +
        'pass symmetrize: true (--symmetrize on the command line) to add every arc\'s mirror, or symmetrize it first',
    );
  }
  return symmetrizeCsr(csr);
}

/**
 * {@link bfsGraph}'s checks of the caller's graph (its structure, and its mirrors where it is marked undirected)
 * with both passes over the arcs split among worker threads (`validateGraphParallel`, {@link checkMirroredParallel}): the runners run them first
 * and pass `checked` to the host preparation.
 *
 * @example
 * await checkBfsGraph(csr);
 * const graph = bfsGraph(csr, {}, true);
 */
export async function checkBfsGraph(csr: Csr): Promise<void> {
  await validateGraphParallel('bfs', csr);
  await checkMirroredParallel('bfs', csr);
}

/** Refuses a source that is not a vertex, naming it and the vertex range. */
export function checkSource(n: number, source: number, what = 'source'): void {
  checkVertex('bfs', n, source, what);
}

/** Refuses sources for {@link BfsRunner.runMulti}'s single pass: 1 to {@link MAX_MULTI_SOURCES} of them, each a vertex. */
export function checkMultiSources(n: number, sources: readonly number[]): void {
  if (sources.length === 0 || sources.length > MAX_MULTI_SOURCES) throw new RangeError(`bfs: runMulti takes 1 to ${MAX_MULTI_SOURCES} sources, got ${sources.length}`);
  for (const s of sources) checkSource(n, s);
}

/** Refuses an answer given to a runner's `check` that is not a parent and a depth per vertex, from a vertex. */
export function checkAnswer(n: number, source: number, parent: Int32Array, depth: Int32Array): void {
  checkSource(n, source);
  if (parent.length !== n || depth.length !== n) throw new RangeError(`bfs: check needs ${n} parents and depths, got ${parent.length} and ${depth.length}`);
}

/** How the blocked adjacency is spread over storage bindings. */
export interface AdjacencySplit {
  /** Words per binding. */
  readonly chunkWords: number;
  /** Bindings used, 1..MAX_BFS_CHUNKS. */
  readonly chunks: number;
}

/**
 * Spreads `words` u32 adjacency entries over bindings of at most `maxBindingBytes` (or `chunkBytes`, when
 * smaller: tests force a split with it), as many as the device's storage buffers per shader stage leave
 * beside a step's `otherBindings`, and checks the per-vertex arrays (the queues, 3n words; the slot map 2n)
 * against one binding. Throws a {@link LimitError} naming both sizes when the graph does not fit.
 *
 * @example
 * splitAdjacency({ maxStorageBufferBindingSize: 2 ** 31 - 4, maxStorageBuffersPerShaderStage: 16 }, 2 ** 26, 2.2e9); // { chunkWords: 536870911, chunks: 5 }
 */
export function splitAdjacency(
  limits: Pick<GPUSupportedLimits, 'maxStorageBufferBindingSize' | 'maxStorageBuffersPerShaderStage'>,
  n: number,
  words: number,
  options: { readonly chunkBytes?: number; readonly slotMap?: boolean; readonly otherBindings?: number } = {},
): AdjacencySplit {
  const allowed = limits.maxStorageBufferBindingSize;
  const perVertex = Math.max(3, options.slotMap ? 2 : 1) * Math.max(n, 1) * 4;
  if (perVertex > allowed) {
    throw new LimitError({
      limit: 'maxStorageBufferBindingSize',
      requested: perVertex,
      allowed,
      subject: `bfs: the per-vertex arrays of ${n} vertices (the frontier queues and hub list, 3n u32 words)`,
      wayOut: options.slotMap ? 'use degreeOrder: true (no slot map), or a device with larger bindings.' : 'use a device with larger bindings.',
    });
  }
  const chunkBytes = Math.min(allowed, options.chunkBytes ?? allowed);
  const chunkWords = Math.floor(chunkBytes / 4);
  if (chunkWords < 1) throw new RangeError(`bfs: chunkBytes = ${options.chunkBytes} leaves no room for one adjacency word`);
  const chunks = Math.max(1, Math.ceil(words / chunkWords));
  const most = Math.min(MAX_BFS_CHUNKS, limits.maxStorageBuffersPerShaderStage - (options.otherBindings ?? 0));
  if (chunks > most) {
    throw new LimitError({
      limit: 'maxStorageBufferBindingSize',
      requested: words * 4,
      allowed: chunkWords * 4 * Math.max(most, 0),
      subject:
        `bfs: the blocked adjacency (${words} u32 words, ${chunks} bindings of ${chunkWords * 4} bytes, of which a step may bind ${Math.max(most, 0)}: ` +
        `maxStorageBuffersPerShaderStage ${limits.maxStorageBuffersPerShaderStage} less its ${options.otherBindings ?? 0} other storage bindings, at most ${MAX_BFS_CHUNKS})`,
      wayOut: 'use the m_f approximation and degree ordering (fewer other bindings), a shorter blockLength (less padding), a device with larger or more bindings, or a smaller graph.',
    });
  }
  return { chunkWords, chunks };
}
