import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { chartSpec, renderSvg } from './chart.js';
import { readResults } from './read-results.js';

const fixture = readResults(join(new URL('./fixtures/', import.meta.url).pathname, 'apsp-h100-20260101.json'));

describe('chartSpec', () => {
  const chart = chartSpec([fixture]);

  it('draws one line per validated variant, then the peer', () => {
    expect(chart.series).toEqual([
      'method=a tile=64 unroll=4 layout=row-major',
      'method=a tile=128 unroll=4 layout=row-major',
      'method=b tile=64 unroll=4 layout=bdl',
      'scipy.sparse.csgraph.floyd_warshall (CPU)',
    ]);
    expect(chart.points).toBe(6);
  });

  it('renders headless to SVG with the series, the limit and the title', async () => {
    const svg = await renderSvg(chart.spec);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain('method=b tile=64 unroll=4 layout=bdl');
    expect(svg).toContain('min-plus peak 16.7 T relaxations/s');
    expect(svg).toContain('apsp on NVIDIA H100 80GB HBM3, 2026-01-01');
    expect(svg).not.toContain('method=plain');
  });

  it('refuses to draw when nothing is validated', () => {
    const none = { ...fixture, results: fixture.results.map((r) => ({ ...r, validated: false })) };
    expect(() => chartSpec([none])).toThrow(/no validated results/);
  });
});
