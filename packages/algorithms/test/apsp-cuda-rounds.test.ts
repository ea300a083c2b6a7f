import { describe, expect, it } from 'vitest';
import { blockedRounds, type RoundOp } from '../src/apsp/apsp.cuda-rounds.js';

// The rounds run on the CPU with each op's meaning in the CUDA kernels (pivot closure in place, panels into a
// parity's buffers, updates of a rectangle of tiles through them), against plain Floyd-Warshall.
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
      for (let i = o.rows[0] * t; i < o.rows[1] * t; i++) {
        for (let j = o.cols[0] * t; j < o.cols[1] * t; j++) {
          for (let k = 0; k < t; k++) d[i * n + j] = Math.min(d[i * n + j], col[k * n + i] + row[k * n + j]);
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
    for (let i = o.rows[0]; i < o.rows[1]; i++) {
      for (let j = o.cols[0]; j < o.cols[1]; j++) {
        reads.add(`d:${i},${j}`);
        writes.add(`d:${i},${j}`);
      }
    }
  }
  return { reads, writes };
}

const meets = (a: Set<string>, b: Set<string>) => [...a].some((x) => b.has(x));

describe('blockedRounds', () => {
  for (const lookahead of [false, true]) {
    for (const blocks of [1, 2, 3, 5]) {
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

  it('queues every tile once a round, on the main stream', () => {
    const blocks = 4;
    for (const lookahead of [false, true]) {
      const updates = blockedRounds(blocks, lookahead).filter((o) => o.op === 'update');
      for (let r = 0; r < blocks; r++) {
        const tiles = updates.filter((o) => o.block === r).reduce((s, o) => s + (o.rows[1] - o.rows[0]) * (o.cols[1] - o.cols[0]), 0);
        expect(tiles).toBe(blocks * blocks);
      }
    }
  });
});
