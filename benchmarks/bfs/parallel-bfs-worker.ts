// Worker entry of ParallelBfs: every worker runs the whole search in step with the others (SPMD), meeting
// them at a barrier after each level. Top-down takes chunks of the frontier queue from a shared cursor and
// claims a vertex with Atomics.compareExchange on its parent; bottom-up takes chunks of 32-vertex words, stops
// at a vertex's first neighbour in the frontier bitmap and writes the next bitmap's word alone (no atomics).
// Each worker sums what it found into its slot of `stats`; all of them read the same totals after the barrier,
// so they take the same α/β decision (nextDirection, paper 003) without a word from the main thread.
import { parentPort } from 'node:worker_threads';
// From its file, not the package: the worker needs the direction rule alone, not the GPU runners the package loads.
import { nextDirection, type BfsDirection } from '../../packages/algorithms/src/bfs/bfs.plan.js';
import { workerInput } from '../../packages/graph-io/src/worker-start.js';
import { CONTROL, type ParallelBfsJob, type ParallelBfsLevel } from './parallel-bfs.js';

/** Frontier vertices a top-down chunk takes: small, since a hub's list can be long. */
const TOP_DOWN_CHUNK = 64;
/** Bitmap words a bottom-up chunk takes (2048 vertices). */
const BOTTOM_UP_WORDS = 64;
/** Barrier polls before sleeping (tens of µs): levels of small frontiers end within microseconds, and a road graph has thousands. */
const SPIN = 20000;

const job = workerInput<ParallelBfsJob>();
const { indptr, indices, parent, queue, control, stats, threads, id, alpha, beta } = job;
const n = parent.length;
const words = job.bitmaps[0].length;
let found = new Uint32Array(1024);
let foundCount = 0;
let foundEdges = 0;

parentPort!.on('message', (source: number) => parentPort!.postMessage(search(source)));

function search(source: number): ParallelBfsLevel[] {
  const [first, end] = share(n);
  parent.fill(-1, first, end);
  // The source's own parent is written by the worker that cleared it.
  if (source >= first && source < end) parent[source] = source;
  if (id === 0) {
    Atomics.store(control, CONTROL.cursor, 0);
    Atomics.store(control, CONTROL.cursor + 1, 0);
    queue[0] = source;
  }
  // Both bitmaps are zero between searches and in top-down levels; bottom-up levels rewrite every word of `next`.
  let [front, next] = job.bitmaps;
  let direction: BfsDirection = 'top-down';
  let frontier = 1;
  let unvisited = indptr[n] - degree(source);
  const levels: ParallelBfsLevel[] = [];
  barrier();
  for (let parity = 0; frontier > 0; parity ^= 1) {
    foundCount = 0;
    foundEdges = 0;
    if (direction === 'top-down') topDown(frontier, CONTROL.cursor + parity);
    else bottomUp(front, next, CONTROL.cursor + parity);
    // Slots alternate by level: a worker writing the next level's cannot overwrite ones another is still reading.
    const slot = 2 * (parity * threads + id);
    stats[slot] = foundCount;
    stats[slot + 1] = foundEdges;
    barrier();
    let total = 0;
    let edges = 0;
    let offset = 0;
    for (let t = 0; t < threads; t++) {
      const count = stats[2 * (parity * threads + t)];
      if (t < id) offset += count;
      total += count;
      edges += stats[2 * (parity * threads + t) + 1];
    }
    unvisited -= edges;
    if (id === 0) levels.push({ direction, frontier, found: total });
    const following: BfsDirection = total === 0 ? direction : nextDirection(direction, { vertices: total, previousVertices: frontier, edges, unvisitedEdges: unvisited }, alpha, beta);
    // The other cursor is next level's; nobody touches it before the barrier below.
    if (id === 0) Atomics.store(control, CONTROL.cursor + (parity ^ 1), 0);
    if (following === 'top-down') {
      queue.set(found.subarray(0, foundCount), offset);
      if (direction === 'bottom-up') clearBitmaps();
    } else if (direction === 'top-down') {
      for (let i = 0; i < foundCount; i++) Atomics.or(front, found[i] >>> 5, 1 << (found[i] & 31));
    } else {
      [front, next] = [next, front];
    }
    barrier();
    direction = following;
    frontier = total;
  }
  if (direction === 'bottom-up') clearBitmaps();
  return levels;
}

function topDown(frontier: number, cursor: number): void {
  for (;;) {
    const start = Atomics.add(control, cursor, TOP_DOWN_CHUNK);
    if (start >= frontier) return;
    const stop = Math.min(frontier, start + TOP_DOWN_CHUNK);
    for (let i = start; i < stop; i++) {
      const v = queue[i];
      const last = indptr[v + 1];
      for (let p = indptr[v]; p < last; p++) {
        const u = indices[p];
        if (parent[u] === -1 && Atomics.compareExchange(parent, u, -1, v) === -1) visit(u);
      }
    }
  }
}

function bottomUp(front: Uint32Array, next: Uint32Array, cursor: number): void {
  for (;;) {
    const start = Atomics.add(control, cursor, BOTTOM_UP_WORDS);
    if (start >= words) return;
    const stop = Math.min(words, start + BOTTOM_UP_WORDS);
    for (let w = start; w < stop; w++) {
      let bits = 0;
      const last = Math.min(n, 32 * w + 32);
      for (let v = 32 * w; v < last; v++) {
        if (parent[v] !== -1) continue;
        const end = indptr[v + 1];
        for (let p = indptr[v]; p < end; p++) {
          const u = indices[p];
          if ((front[u >>> 5] & (1 << (u & 31))) !== 0) {
            parent[v] = u;
            bits |= 1 << (v & 31);
            visit(v);
            break;
          }
        }
      }
      next[w] = bits;
    }
  }
}

function visit(v: number): void {
  if (foundCount === found.length) {
    const bigger = new Uint32Array(2 * found.length);
    bigger.set(found);
    found = bigger;
  }
  found[foundCount++] = v;
  foundEdges += degree(v);
}

function degree(v: number): number {
  return indptr[v + 1] - indptr[v];
}

/** This worker's share [first, end) of `length` items, the same every call. */
function share(length: number): [number, number] {
  return [Math.floor((length * id) / threads), Math.floor((length * (id + 1)) / threads)];
}

function clearBitmaps(): void {
  const [first, end] = share(words);
  for (const bitmap of job.bitmaps) bitmap.fill(0, first, end);
}

/** Sense by generation: the last to arrive resets the count and moves the generation on, waking the others. */
function barrier(): void {
  const generation = Atomics.load(control, CONTROL.generation);
  if (Atomics.add(control, CONTROL.arrived, 1) === threads - 1) {
    Atomics.store(control, CONTROL.arrived, 0);
    Atomics.add(control, CONTROL.generation, 1);
    Atomics.notify(control, CONTROL.generation);
    return;
  }
  for (let i = 0; i < SPIN; i++) if (Atomics.load(control, CONTROL.generation) !== generation) return;
  while (Atomics.load(control, CONTROL.generation) === generation) Atomics.wait(control, CONTROL.generation, generation);
}
