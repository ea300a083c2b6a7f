import { describe, expect, it } from 'vitest';
import { pagerankReference, verifyPagerank } from '../src/index.js';
import { graphOf, THREE_PAGES, threePagesRanks, TWO_DANGLING, TWO_DANGLING_RANKS } from './pagerank-cases.js';

const exact = { tolerance: 1e-14, maxIterations: 1000 };

describe('pagerankReference (f64, no GPU)', () => {
  it('matches the three-page example solved by hand', () => {
    const r = pagerankReference(THREE_PAGES, exact);
    expect(r.converged).toBe(true);
    threePagesRanks().forEach((want, v) => expect(r.ranks[v]).toBeCloseTo(want, 12));
  });

  it('spreads a dangling vertex’s rank uniformly', () => {
    const r = pagerankReference(TWO_DANGLING, exact);
    TWO_DANGLING_RANKS.forEach((want, v) => expect(r.ranks[v]).toBeCloseTo(want, 12));
  });

  it('a graph with no arcs, or n = 1, returns the personalization', () => {
    expect(Array.from(pagerankReference(graphOf([[], [], [], []]), exact).ranks)).toEqual([0.25, 0.25, 0.25, 0.25]);
    const p = pagerankReference(graphOf([[], [], [], []]), { ...exact, personalization: [1, 0, 3, 0] }).ranks;
    expect(Array.from(p)).toEqual([0.25, 0, 0.75, 0]);
    expect(Array.from(pagerankReference(graphOf([[0]]), exact).ranks)).toEqual([1]);
    expect(pagerankReference(graphOf([]), exact)).toMatchObject({ iterations: 0, converged: true });
  });

  it('sparse and dense personalization agree with restart at B solved by hand', () => {
    const dense = pagerankReference(THREE_PAGES, { ...exact, personalization: [0, 2, 0] }).ranks;
    const sparse = pagerankReference(THREE_PAGES, { ...exact, personalization: { vertices: [1], weights: [0.5] } }).ranks;
    expect(Array.from(sparse)).toEqual(Array.from(dense));
    // A = 0.85·C, B = 0.15 + 0.425·A, C = 0.85·(A/2 + B), so A = 0.108375 / 0.3316875.
    const a = 0.108375 / 0.3316875;
    [a, 0.15 + 0.425 * a, a / 0.85].forEach((want, v) => expect(dense[v]).toBeCloseTo(want, 12));
  });

  it('stops at maxIterations without converging', () => {
    expect(pagerankReference(THREE_PAGES, { tolerance: 1e-12, maxIterations: 3 })).toMatchObject({ iterations: 3, converged: false });
  });

  it.each([
    [{ damping: 0 }, /damping = 0; it must lie strictly between 0 and 1/],
    [{ damping: 1 }, /damping = 1/],
    [{ damping: Number.NaN }, /damping = NaN/],
    [{ tolerance: 0 }, /tolerance = 0; it must be a finite number > 0/],
    [{ tolerance: -1 }, /tolerance = -1/],
    [{ maxIterations: 2.5 }, /maxIterations = 2.5; it must be an integer ≥ 1/],
    [{ personalization: [1, 1] }, /personalization has 2 elements but the graph has 3 vertices; it needs 3/],
    [{ personalization: [1, -1, 1] }, /personalization element 1 = -1 is negative/],
    [{ personalization: [0, 0, 0] }, /personalization sums to 0; it needs a positive finite sum/],
    [{ personalization: [0, Number.NaN, 1] }, /personalization element 1 is NaN/],
    [{ personalization: { vertices: [3], weights: [1] } }, /personalization vertex 3 \(entry 0\) is not a vertex of the 3-vertex graph/],
    [{ personalization: { vertices: [0, 1], weights: [1] } }, /personalization has 2 vertices but 1 weights/],
  ])('refuses %o', (options, message) => {
    expect(() => pagerankReference(THREE_PAGES, options)).toThrow(message);
  });

  it('refuses offsets that decrease (they dropped arcs and lost rank silently)', () => {
    const broken = { n: 3, indptr: Uint32Array.of(0, 2, 1, 3), indices: Uint32Array.of(1, 2, 0), weight: null, directed: true, sorted: true };
    expect(() => pagerankReference(broken)).toThrow('CSR indptr[2]: offset 1 is below the previous one, 2 (offsets never decrease)');
  });

  it('verifyPagerank refuses ranks of the wrong length (it answered ok: false with error NaN)', () => {
    expect(() => verifyPagerank(THREE_PAGES, new Float32Array(2), 0)).toThrow('verifyPagerank: ranks has 2 elements but the graph has 3 vertices; it needs 3');
    expect(() => verifyPagerank(THREE_PAGES, new Float32Array(3), 0, {}, [1, 0])).toThrow('verifyPagerank: exact has 2 elements');
  });
});
