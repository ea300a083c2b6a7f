import { dispatchGrid, type FwKernelSpec } from '@semiforge/codegen';
import { describe, expect, it } from 'vitest';
import { blockedRounds, updateGrid, type RoundOp, type UpdateTiles } from '../src/apsp/apsp.cuda-rounds.js';
import { planApsp, type ApspLookahead } from '../src/apsp/apsp.plan.js';

const NONE = 0xffffffff;

/**
 * The first row and column of each block of the remapping update's grid: templates/cuda/partials/fw-remap.cu.hbs's
 * placement written again in TypeScript (`BM`, `BN` the rows and columns a block computes), over
 * {@link updateGrid}'s grid, so that the two are checked together.
 */
function placedBlocks(tiles: UpdateTiles, at: number, blocks: number, tile: number, bm: number, bn: number): [number, number][] {
  const n = blocks * tile;
  const grid = updateGrid([n / bn, n / bm, 1], blocks, tiles);
  const skip = tiles === 'rest' ? at * tile : NONE;
  const cross = tiles === 'cross' ? at * tile : NONE;
  const out: [number, number][] = [];
  for (let by = 0; by < grid[1]; by++) {
    for (let bx = 0; bx < grid[0]; bx++) {
      let row0: number;
      let col0: number;
      if (cross !== NONE) {
        const tileX = Math.floor(bx / (tile / bn));
        const inX = bx % (tile / bn);
        if (tileX < blocks) {
          row0 = cross + by * bm;
          col0 = tileX * tile + inX * bn;
        } else {
          const i = tileX - blocks;
          row0 = (i < cross / tile ? i : i + 1) * tile + by * bm;
          col0 = cross + inX * bn;
        }
      } else {
        row0 = by * bm;
        col0 = bx * bn;
        if (row0 >= skip) row0 += tile;
        if (col0 >= skip) col0 += tile;
      }
      out.push([row0, col0]);
    }
  }
  return out;
}

/** The tiles an update op relaxes, as the remapping kernel places its blocks (blocks of 2 × 1 per tile of 2). */
function updatedTiles(o: Extract<RoundOp, { op: 'update' }>, blocks: number): [number, number][] {
  const tile = 2;
  const seen = new Map<string, [number, number]>();
  for (const [row0, col0] of placedBlocks(o.tiles, o.at, blocks, tile, 1, 2)) {
    const key = `${Math.floor(row0 / tile)},${Math.floor(col0 / tile)}`;
    seen.set(key, [Math.floor(row0 / tile), Math.floor(col0 / tile)]);
  }
  return [...seen.values()];
}

/** Distances and first hops: successors travel in the same ops as the distances, through the same buffers. */
interface Matrices {
  d: Float64Array;
  succ: Int32Array;
}

// The rounds run on the CPU with each op's meaning in the CUDA kernels (pivot closure in place, both panels into
// a parity's buffers, updates of the tiles the remapping kernel places, through them, a successor taken where a
// distance improves, as in templates/cuda/partials/fw-relax-slice.cu.hbs), against plain Floyd-Warshall.
function runRounds(m0: Matrices, n: number, t: number, ops: readonly RoundOp[]): Matrices {
  const d = m0.d.slice();
  const succ = m0.succ.slice();
  const panels = [0, 1].map(() => ({ row: new Float64Array(t * n), col: new Float64Array(t * n), rowSucc: new Int32Array(t * n), colSucc: new Int32Array(t * n) }));
  const relax = (at: number, v: number, hop: number) => {
    if (v < d[at]) {
      d[at] = v;
      succ[at] = hop;
    }
  };
  for (const o of ops) {
    if (o.op === 'pivot') {
      const b = o.block * t;
      for (let k = b; k < b + t; k++) for (let i = b; i < b + t; i++) for (let j = b; j < b + t; j++) relax(i * n + j, d[i * n + k] + d[k * n + j], succ[i * n + k]);
    } else if (o.op === 'panels') {
      const b = o.block * t;
      const { row, col, rowSucc, colSucc } = panels[o.parity];
      for (let r = 0; r < t; r++) {
        for (let c = 0; c < n; c++) {
          let v = d[(b + r) * n + c];
          let s = succ[(b + r) * n + c];
          for (let k = 0; k < t; k++) {
            const w = d[(b + r) * n + b + k] + d[(b + k) * n + c];
            if (w < v) [v, s] = [w, succ[(b + r) * n + b + k]];
          }
          row[r * n + c] = v;
          rowSucc[r * n + c] = s;
        }
        for (let i = 0; i < n; i++) {
          let v = d[i * n + b + r];
          let s = succ[i * n + b + r];
          for (let k = 0; k < t; k++) {
            const w = d[i * n + b + k] + d[(b + k) * n + b + r];
            if (w < v) [v, s] = [w, succ[i * n + b + k]];
          }
          col[r * n + i] = v;
          colSucc[r * n + i] = s;
        }
      }
    } else if (o.op === 'update') {
      const b = o.block * t;
      const { row, col, rowSucc, colSucc } = panels[o.parity];
      for (const [ti, tj] of updatedTiles(o, n / t)) {
        for (let i = ti * t; i < (ti + 1) * t; i++) {
          for (let j = tj * t; j < (tj + 1) * t; j++) {
            // Row k of the pivot block takes its hop from the row panel (the kernels' `hopUsesB`).
            for (let k = 0; k < t; k++) relax(i * n + j, col[k * n + i] + row[k * n + j], i === b + k ? rowSucc[k * n + j] : colSucc[k * n + i]);
          }
        }
      }
    }
  }
  return { d, succ };
}

/** The first hop of every edge is its head; unreachable pairs have none (−1). */
function withSuccessors(d: Float64Array, n: number): Matrices {
  const succ = new Int32Array(n * n).map((_, x) => (Number.isFinite(d[x]) ? x % n : -1));
  return { d, succ };
}

/** Pairs whose successors do not walk a path of the pair's distance in the input graph `d0`. */
function brokenPaths(d0: Float64Array, m: Matrices, n: number): string[] {
  const broken: string[] = [];
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      if (!Number.isFinite(m.d[i * n + j])) continue;
      let length = 0;
      let u = i;
      for (let steps = 0; u !== j && u >= 0 && steps < n; steps++) {
        const v = m.succ[u * n + j];
        length += v >= 0 ? d0[u * n + v] : Infinity;
        u = v;
      }
      if (u !== j || length !== m.d[i * n + j]) broken.push(`${i}→${j}`);
    }
  }
  return broken;
}

/** An op on its stream, with the ops of each stream it waits for: `after[s]` = how many of stream s's come first. */
interface Queued {
  readonly op: Exclude<RoundOp, { op: 'handoff' }>;
  readonly stream: 0 | 1;
  /** Its position on its stream. */
  readonly seq: number;
  readonly after: readonly [number, number];
}

/**
 * What each op waits for under CUDA's stream semantics: in order on its stream, and through a handoff (an event
 * recorded on `from`, waited for on `to`) everything `from` had been queued and had itself waited for.
 */
function streamOrder(ops: readonly RoundOp[]): Queued[] {
  const clock: [number, number][] = [[0, 0], [0, 0]];
  const queued: Queued[] = [];
  for (const o of ops) {
    if (o.op === 'handoff') {
      clock[o.to] = [Math.max(clock[o.to][0], clock[o.from][0]), Math.max(clock[o.to][1], clock[o.from][1])];
      continue;
    }
    const s = o.stream;
    queued.push({ op: o, stream: s, seq: clock[s][s], after: [clock[s][0], clock[s][1]] });
    clock[s][s]++;
  }
  return queued;
}

/** Whether `a` finishes before `b` starts, whatever the GPU does. */
const ordered = (a: Queued, b: Queued) => a.seq < b.after[a.stream];

/**
 * One order the GPU may run the ops in: stream `first`'s next op whenever what it waits for has run, else the
 * other stream's (which then must be ready, or the schedule deadlocks).
 */
function linearize(queued: readonly Queued[], first: 0 | 1): RoundOp[] {
  const byStream = [0, 1].map((s) => queued.filter((q) => q.stream === s));
  const done = [0, 0];
  const out: RoundOp[] = [];
  const ready = (s: 0 | 1) => {
    const q = byStream[s][done[s]];
    return q !== undefined && q.after[0] <= done[0] && q.after[1] <= done[1];
  };
  while (out.length < queued.length) {
    const s = ready(first) ? first : ((1 - first) as 0 | 1);
    if (!ready(s)) throw new Error(`deadlock after ${out.length} ops`);
    out.push(byStream[s][done[s]++].op);
  }
  return out;
}

function floydWarshall(d0: Float64Array, n: number): Float64Array {
  const d = d0.slice();
  for (let k = 0; k < n; k++) for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) d[i * n + j] = Math.min(d[i * n + j], d[i * n + k] + d[k * n + j]);
  return d;
}

function randomMatrix(n: number, seed: number): Float64Array {
  const d = new Float64Array(n * n).fill(Infinity);
  let s = seed;
  const next = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) / 2 ** 32);
  for (let i = 0; i < n; i++) {
    d[i * n + i] = 0;
    for (let j = 0; j < n; j++) if (i !== j && next() < 0.3) d[i * n + j] = 1 + Math.floor(next() * 9);
  }
  return d;
}

/** What an op reads and writes: tiles `d:i,j` and panel sets `p:parity`. */
function footprint(o: RoundOp, blocks: number): { reads: Set<string>; writes: Set<string> } {
  const reads = new Set<string>();
  const writes = new Set<string>();
  if (o.op === 'pivot') {
    reads.add(`d:${o.block},${o.block}`);
    writes.add(`d:${o.block},${o.block}`);
  } else if (o.op === 'panels') {
    for (let x = 0; x < blocks; x++) reads.add(`d:${o.block},${x}`).add(`d:${x},${o.block}`);
    writes.add(`p:${o.parity}`);
  } else if (o.op === 'update') {
    reads.add(`p:${o.parity}`);
    for (const [i, j] of updatedTiles(o, blocks)) {
      reads.add(`d:${i},${j}`);
      writes.add(`d:${i},${j}`);
    }
  }
  return { reads, writes };
}

const meets = (a: Set<string>, b: Set<string>) => [...a].some((x) => b.has(x));

/** Every schedule, with the pairs of ops of different streams each round (but the last) may run together. */
const SCHEDULES: readonly { lookahead: ApspLookahead; together: number }[] = [
  { lookahead: false, together: 0 },
  // Pivot and panels r + 1 beside the rest r.
  { lookahead: true, together: 2 },
  // The cross r, pivot and panels r + 1 beside the rest r.
  { lookahead: 'concurrent-cross', together: 3 },
];

describe('blockedRounds', () => {
  for (const { lookahead } of SCHEDULES) {
    for (const blocks of [1, 2, 3, 5, 8]) {
      it(`gives Floyd-Warshall's distances and paths with ${blocks} blocks, lookahead ${lookahead}, as queued and with either stream ahead`, () => {
        const t = 3;
        const n = blocks * t;
        const d = randomMatrix(n, 7 + blocks);
        const expected = floydWarshall(d, n);
        const ops = blockedRounds(blocks, lookahead);
        const queued = streamOrder(ops);
        // As queued, the main stream as far ahead as it may run, and the side stream as far ahead.
        for (const order of [ops, linearize(queued, 0), linearize(queued, 1)]) {
          const m = runRounds(withSuccessors(d, n), n, t, order);
          expect(m.d).toEqual(expected);
          expect(brokenPaths(d, m, n)).toEqual([]);
        }
      });
    }
  }

  // With this, every order the streams allow runs each pair of ops that touch the same data as queued, so the
  // simulation above in the queued order stands for all of them.
  for (const { lookahead, together } of SCHEDULES) {
    it(`lets no stream touch a tile or panel the other uses while they may run together, lookahead ${lookahead}`, () => {
      for (const blocks of [1, 2, 3, 5, 8]) {
        const queued = streamOrder(blockedRounds(blocks, lookahead));
        const [main, side] = [0, 1].map((s) => queued.filter((q) => q.stream === s));
        let pairs = 0;
        for (const a of side) {
          for (const b of main) {
            if (ordered(a, b) || ordered(b, a)) continue;
            pairs++;
            const [fa, fb] = [footprint(a.op, blocks), footprint(b.op, blocks)];
            const clash = meets(fa.writes, fb.reads) || meets(fa.writes, fb.writes) || meets(fb.writes, fa.reads);
            expect(clash, `${JSON.stringify(a.op)} beside ${JSON.stringify(b.op)}`).toBe(false);
          }
        }
        expect(pairs).toBe((blocks - 1) * together);
        // The main stream's last op (and so the run's end event and the read-back) waits for all of the side's.
        expect(side.every((q) => ordered(q, main.at(-1)!))).toBe(true);
      }
    });
  }

  it('runs the cross beside the rest with concurrent-cross (before it with lookahead true), each on what it needs', () => {
    for (const blocks of [2, 3, 5, 8]) {
      for (const lookahead of [true, 'concurrent-cross'] as const) {
        const queued = streamOrder(blockedRounds(blocks, lookahead));
        const find = (op: RoundOp['op'], block: number, tiles?: UpdateTiles) =>
          queued.find((q) => q.op.op === op && q.op.block === block && (tiles === undefined || (q.op.op === 'update' && q.op.tiles === tiles)))!;
        for (let r = 0; r + 1 < blocks; r++) {
          const [cross, rest] = [find('update', r, 'cross'), find('update', r, 'rest')];
          expect(ordered(cross, rest)).toBe(lookahead === true);
          expect(ordered(rest, cross)).toBe(false);
          expect(ordered(find('panels', r), rest) && ordered(find('panels', r), cross)).toBe(true);
          if (r > 0) expect(ordered(find('update', r - 1, 'rest'), cross)).toBe(true);
          expect(ordered(cross, find('pivot', r + 1)) && ordered(cross, find('panels', r + 1))).toBe(true);
        }
      }
    }
  });

  it('queues every tile once a round, in one update launch or two, the cross on the side stream only with concurrent-cross', () => {
    for (const blocks of [1, 2, 4, 7]) {
      for (const { lookahead } of SCHEDULES) {
        const updates = blockedRounds(blocks, lookahead).filter((o) => o.op === 'update');
        for (let r = 0; r < blocks; r++) {
          const round = updates.filter((o) => o.block === r);
          const tiles = round.flatMap((o) => updatedTiles(o, blocks).map(([i, j]) => i * blocks + j));
          expect(tiles.sort((a, b) => a - b)).toEqual(Array.from({ length: blocks * blocks }, (_, i) => i));
          expect(round.every((o) => o.stream === (lookahead === 'concurrent-cross' && o.tiles === 'cross' ? 1 : 0))).toBe(true);
          expect(round.length).toBe(lookahead && r + 1 < blocks ? 2 : 1);
        }
      }
    }
  });

  it('places each block of a cross or the rest on its own results, for several block shapes', () => {
    const blocks = 5;
    const tile = 8;
    for (const [bm, bn] of [[8, 8], [4, 8], [8, 2], [2, 4]]) {
      for (const at of [0, 2, 4]) {
        for (const tiles of ['all', 'cross', 'rest'] as const) {
          const placed = placedBlocks(tiles, at, blocks, tile, bm, bn).map(([r, c]) => `${r},${c}`);
          const expected: string[] = [];
          for (let r = 0; r < blocks * tile; r += bm) {
            for (let c = 0; c < blocks * tile; c += bn) {
              const onCross = Math.floor(r / tile) === at || Math.floor(c / tile) === at;
              if (tiles === 'all' || (tiles === 'cross') === onCross) expected.push(`${r},${c}`);
            }
          }
          expect(placed.sort()).toEqual(expected.sort());
        }
      }
    }
  });

  it('places the blocks of both panels in one grid on each panel once (fw-origin.cu.hbs, bothPanels)', () => {
    const [n, tile] = [40, 8];
    for (const [wx, wy] of [[4, 4], [4, 2], [1, 4]]) {
      // The grid codegen gives fw_panel_row with bothPanels, and the kernel's placement of block `blk`.
      const spec: FwKernelSpec = { op: 'fw_panel_row', semiring: 'min-plus', type: 'f32', tile, unroll: 2, layout: 'row-major', workgroup: [wx, wy], target: 'cuda', successors: false, bothPanels: true };
      const [bm, bn] = [2 * wy, 2 * wx];
      const rowBlocks = (n / bn) * (tile / bm);
      const [grid, gy] = dispatchGrid(spec, n);
      expect(gy).toBe(1);
      const placed = Array.from({ length: grid }, (_, x) => {
        const colSide = x >= rowBlocks;
        const blk = colSide ? x - rowBlocks : x;
        const across = colSide ? tile / bn : n / bn;
        return `${colSide ? 'col' : 'row'}:${Math.floor(blk / across) * bm},${(blk % across) * bn}`;
      });
      const expected: string[] = [];
      for (let r = 0; r < tile; r += bm) for (let c = 0; c < n; c += bn) expected.push(`row:${r},${c}`);
      for (let r = 0; r < n; r += bm) for (let c = 0; c < tile; c += bn) expected.push(`col:${r},${c}`);
      expect(placed.sort()).toEqual(expected.sort());
    }
  });

  it('refuses a lookahead it does not know with the plan, naming it, before any runner allocates', () => {
    expect(() => planApsp({ target: 'cuda', lookahead: 'concurrent' as never }, 8192)).toThrow(`apsp: lookahead "concurrent" is not one of true, false, 'concurrent-cross'`);
  });

  it('launches one pivot closure and one panel launch a round', () => {
    for (const { lookahead } of SCHEDULES) {
      const ops = blockedRounds(6, lookahead);
      expect(ops.filter((o) => o.op === 'pivot').map((o) => o.block)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(ops.filter((o) => o.op === 'panels').map((o) => o.block)).toEqual([0, 1, 2, 3, 4, 5]);
    }
  });
});
