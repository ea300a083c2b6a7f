import { describe, expect, it } from 'vitest';
import { formatSummary, type ApspSummary } from '../src/commands/apsp-report.js';

describe('formatSummary', () => {
  it('says FAILED with the first difference', () => {
    const summary = {
      command: 'apsp', graph: 'g.gr', n: 2, arcs: 1, method: 'a', tile: 8, unroll: 1, layout: 'row-major', semiring: 'min-plus',
      type: 'f32', successors: false, paddedN: 8, device: 'gpu', adapter: { vendor: '', architecture: '', device: '', description: '', isFallbackAdapter: false },
      gpuTimeMs: 1, wallTimeMs: 2, timeSource: 'gpu', relaxationsPerSecond: 8000, trials: [{ gpuTimeMs: 1, wallTimeMs: 2 }],
      verified: false, verification: { method: 'reference', rows: 2, entries: 4, mismatches: 1, first: { source: 0, target: 1, got: 3, expected: 2 }, ok: false },
      path: null, out: null,
    } satisfies ApspSummary;
    expect(formatSummary(summary)).toContain('verify   FAILED: 1 of 2 rows (4 entries) against the CPU reference differ; first dist[0][1] = 3, expected 2');
  });
});
