import { dispatchGrid, type FwKernelSpec } from '@semiforge/codegen';
import { describe, expect, it } from 'vitest';
import { blockedRounds, updateGrid, type RoundOp, type UpdateTiles } from '../src/apsp/apsp.cuda-rounds.js';

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

// The rounds run on the CPU with each op's meaning in the CUDA kernels (pivot closure in place, both panels into
// a parity's buffers, updates of the tiles the remapping kernel places, through them), against plain Floyd-Warshall.
function runRounds(d0: Float64Array, n: number, t: number, ops: RoundOp[]): Float64Array {
  const d = d0.slice();
  const panels = [0, 1].map(() => ({ row: new Float64Array(t * n), col: new Float64Array(t * n) }));
  for (const o of ops) {
    if (o.op === 'pivot') {
      const b = o.block * t;
      for (let k = b; k < b + t; k++) for (let i = b; i < b + t; i++) for (let j = b; j < b + t; j++) d[i * n + j] = Math.min(d[i * n + j], d[i * n + k] + d[k * n + j]);
    } else if (o.op === 'panels') {
      const b = o.block * t;
      const { row, col } = panels[o.parity];
      for (let r = 0; r < t; r++) {
        for (let c = 0; c < n; c++) {
          let v = d[(b + r) * n + c];
          for (let k = 0; k < t; k++) v = Math.min(v, d[(b + r) * n + b + k] + d[(b + k) * n + c]);
          row[r * n + c] = v;
        }
        for (let i = 0; i < n; i++) {
          let v = d[i * n + b + r];
          for (let k = 0; k < t; k++) v = Math.min(v, d[i * n + b + k] + d[(b + k) * n + b + r]);
          col[r * n + i] = v;
        }
      }
    } else if (o.op === 'update') {
      const { row, col } = panels[o.parity];
      for (const [ti, tj] of updatedTiles(o, n / t)) {
        for (let i = ti * t; i < (ti + 1) * t; i++) {
          for (let j = tj * t; j < (tj + 1) * t; j++) {
            for (let k = 0; k < t; k++) d[i * n + j] = Math.min(d[i * n + j], col[k * n + i] + row[k * n + j]);
          }
        }
      }
    }
  }
  return d;
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

describe('blockedRounds', () => {
  for (const lookahead of [false, true]) {
    for (const blocks of [1, 2, 3, 5, 8]) {
      it(`gives Floyd-Warshall's distances with ${blocks} blocks, lookahead ${lookahead}`, () => {
        const t = 3;
        const n = blocks * t;
        const d = randomMatrix(n, 7 + blocks);
        expect(runRounds(d, n, t, blockedRounds(blocks, lookahead))).toEqual(floydWarshall(d, n));
      });
    }
  }

  it('lets no side-stream op touch what the main stream uses while they may run together', () => {
    const blocks = 6;
    const ops = blockedRounds(blocks, true);
    let side: RoundOp[] = [];
    let main: RoundOp[] = [];
    let windows = 0;
    for (const o of ops) {
      if (o.op === 'handoff' && o.to === 1) {
        side = [];
        main = [];
      } else if (o.op === 'handoff') {
        for (const s of side.map((x) => footprint(x, blocks))) {
          for (const m of main.map((x) => footprint(x, blocks))) {
            expect(meets(s.writes, m.reads) || meets(s.writes, m.writes) || meets(m.writes, s.reads)).toBe(false);
          }
        }
        windows++;
      } else if (o.stream === 1) side.push(o);
      else main.push(o);
    }
    expect(windows).toBe(blocks - 1);
  });

  it('queues every tile once a round, on the main stream, in one update launch or two', () => {
    for (const blocks of [1, 2, 4, 7]) {
      for (const lookahead of [false, true]) {
        const updates = blockedRounds(blocks, lookahead).filter((o) => o.op === 'update');
        for (let r = 0; r < blocks; r++) {
          const round = updates.filter((o) => o.block === r);
          const tiles = round.flatMap((o) => updatedTiles(o, blocks).map(([i, j]) => i * blocks + j));
          expect(tiles.sort((a, b) => a - b)).toEqual(Array.from({ length: blocks * blocks }, (_, i) => i));
          expect(round.every((o) => o.stream === 0)).toBe(true);
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

  it('launches one pivot closure and one panel launch a round', () => {
    for (const lookahead of [false, true]) {
      const ops = blockedRounds(6, lookahead);
      expect(ops.filter((o) => o.op === 'pivot').map((o) => o.block)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(ops.filter((o) => o.op === 'panels').map((o) => o.block)).toEqual([0, 1, 2, 3, 4, 5]);
    }
  });
});
