import { csrFromEdges, edgeListFromArrays } from '@semiforge/graph-io';
import { describe, expect, it } from 'vitest';
import { NO_PARENT, ssspReference, validateSssp, validateSsspParallel, type SsspValidateOptions } from '../src/index.js';
import { SSSP_CASES } from './sssp-cases.js';

// Workers forced at these sizes (minParallelArcs 0): each verdict must be the one-thread check's, violation and all.
const WORKERS = { threads: 3, minParallelArcs: 0 } as const;

describe('validateSsspParallel: the one-thread verdict from worker threads', () => {
  it.each(SSSP_CASES.map((c) => [c.name, c] as const))('%s: a correct result passes, as one thread says', async (_name, c) => {
    const good = ssspReference(c.graph, c.source, { method: 'dijkstra' });
    const one = validateSssp(c.graph, c.source, good);
    expect(one.valid).toBe(true);
    expect(await validateSsspParallel(c.graph, c.source, good, WORKERS)).toEqual(one);
  });

  const c = SSSP_CASES[2];
  const good = ssspReference(c.graph, c.source, { weights: 'u32' });
  const leaves = [...good.parent.keys()].filter((v) => v !== c.source && !good.parent.includes(v));
  const broken: [string, (d: Float64Array, p: Uint32Array) => void][] = [
    ['source', (d) => void (d[c.source] = 1)],
    ['unreached', (_d, p) => void (p[leaves[0]] = NO_PARENT)],
    // Leaves in rows of different workers: the first in row order is named, as one sweep meets it.
    ['parent-edge', (d) => void ((d[leaves[0]] += 1), (d[leaves.at(-1)!] += 1))],
    ['relaxes', (d, p) => void [leaves[0], leaves.at(-1)!].forEach((v) => ((d[v] = Infinity), (p[v] = NO_PARENT)))],
  ];
  it.each(broken)('%s: the same first violation', async (rule, patch) => {
    const dist = good.dist.slice();
    const parent = good.parent.slice();
    patch(dist, parent);
    const options: SsspValidateOptions = { weights: 'u32' };
    const one = validateSssp(c.graph, c.source, { dist, parent }, options);
    expect(one.violation?.rule).toBe(rule);
    expect(await validateSsspParallel(c.graph, c.source, { dist, parent }, { ...options, ...WORKERS })).toEqual(one);
  });

  it('distances without parents, f32 sums as stored, maxDistance honoured', async () => {
    const g = csrFromEdges(edgeListFromArrays(3, [0, 1], [1, 2], [16777216, 1]), { sortRows: true });
    // 2^24 + 1 rounds to 2^24 in f32: the arc 1 → 2 cannot lower vertex 2 below it.
    const dist = Float64Array.of(0, 16777216, 16777216);
    expect(await validateSsspParallel(g, 0, { dist }, WORKERS)).toEqual({ valid: true, reached: 3 });
    const unreached = Float64Array.of(0, Infinity, Infinity);
    expect((await validateSsspParallel(g, 0, { dist: unreached }, WORKERS)).violation?.rule).toBe('relaxes');
    expect((await validateSsspParallel(g, 0, { dist: unreached }, { ...WORKERS, maxDistance: 100 })).valid).toBe(true);
    // Distances in any array-like (copied into shared memory for the workers) get the same verdicts.
    expect(await validateSsspParallel(g, 0, { dist: [0, 16777216, 16777216] }, WORKERS)).toEqual({ valid: true, reached: 3 });
    expect((await validateSsspParallel(g, 0, { dist: Float32Array.of(0, Infinity, Infinity) }, WORKERS)).violation?.rule).toBe('relaxes');
  });
});
