import { pagerankReference } from '@semiforge/algorithms';
import { csrFromEdges, generateKronecker, readGraphFile } from '@semiforge/graph-io';
import { describe, expect, it } from 'vitest';
import type { PagerankSummary } from '../src/index.js';
import { noGpuReason } from './gpu.js';
import { graphFiles } from './graph-files.js';
import { runCli } from './run-cli.js';

// Sparse labels (compacted to 0..3 on reading); 40 has no out-arcs.
const sparseIds = graphFiles('semiforge-pagerank-', { 'ids.el': '10 20\n20 30\n30 10\n30 40\n' }).path('ids.el');

describe.skipIf(noGpuReason !== undefined)('semiforge pagerank on the GPU', () => {
  it('-g SCALE --verify --json: one object, verified, the top ranks as the CPU reference has them', async () => {
    const run = await runCli(['pagerank', '-g', '7', '--seed', '3', '--verify', '--json', '--top', '5']);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as PagerankSummary;
    expect(s).toMatchObject({ command: 'pagerank', vertices: 128, damping: 0.85, tolerance: 1e-6, converged: true, verified: true, personalize: null });
    expect(s.residual).toBeLessThan(1e-6);
    expect(s.timePerIterationMs).toBeGreaterThan(0);
    const csr = csrFromEdges(generateKronecker({ scale: 7, seed: 3 }), { symmetrize: true, sortRows: true });
    expect(s.arcs).toBe(csr.indices.length);
    const ref = pagerankReference(csr, { tolerance: 1e-12, maxIterations: 1000 });
    expect(s.iterations).toBeGreaterThanOrEqual(pagerankReference(csr).iterations - 1);
    const best = [...ref.ranks].sort((a, b) => b - a).slice(0, 5);
    s.top.forEach((t, i) => {
      expect(t.rank).toBeCloseTo(ref.ranks[t.vertex], 5);
      expect(t.rank).toBeCloseTo(best[i], 5);
    });
    expect(run.stderr).toMatch(/converged in \d+ iterations/);
    expect(run.stderr).toMatch(/verified: yes/);
  });

  it('--relabel degree: the same ranks as the CPU reference, in the graph\'s ids, and the relabelling timed', async () => {
    const run = await runCli(['pagerank', '-g', '7', '--seed', '3', '--relabel', 'degree', '--verify', '--json', '--top', '5']);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as PagerankSummary;
    expect(s).toMatchObject({ relabel: 'degree', converged: true, verified: true });
    expect(s.relabelMs).toBeGreaterThanOrEqual(0);
    const csr = csrFromEdges(generateKronecker({ scale: 7, seed: 3 }), { symmetrize: true, sortRows: true });
    const ref = pagerankReference(csr, { tolerance: 1e-12, maxIterations: 1000 });
    for (const t of s.top) expect(t.rank).toBeCloseTo(ref.ranks[t.vertex], 5);
    expect(run.stderr).toMatch(/relabelled by out-degree in /);
  });

  it('--symmetrize: the file as an undirected graph (each edge listed once), ranks as the CPU has them for it', async () => {
    const run = await runCli(['pagerank', sparseIds, '--symmetrize', '--verify', '--json', '--top', '4']);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as PagerankSummary;
    expect(s).toMatchObject({ graph: `${sparseIds} (symmetrized)`, vertices: 4, arcs: 8, verified: true });
    const csr = csrFromEdges(await readGraphFile(sparseIds), { symmetrize: true, sortRows: true });
    const ref = pagerankReference(csr, { tolerance: 1e-12, maxIterations: 1000 });
    for (const t of s.top) expect(t.rank).toBeCloseTo(ref.ranks[Array.from(csr.ids!).indexOf(t.vertex)], 5);
  });

  it('--personalize takes and prints the ids of the file', async () => {
    const run = await runCli(['pagerank', sparseIds, '--personalize', '40,20', '--damping', '0.7', '--top', '4']);
    expect(run.code).toBe(0);
    const lines = run.stdout.trim().split('\n');
    expect(lines[0]).toMatch(/^vertex\s+rank$/);
    const printed = new Map(lines.slice(1).map((l) => l.split(/\s+/)).map(([v, r]) => [Number(v), Number(r)]));
    expect([...printed.keys()].sort()).toEqual([10, 20, 30, 40]);
    const csr = csrFromEdges(await readGraphFile(sparseIds));
    const internal = (id: number) => Array.from(csr.ids!).indexOf(id);
    const ref = pagerankReference(csr, { damping: 0.7, tolerance: 1e-12, personalization: { vertices: [internal(40), internal(20)], weights: [1, 1] } });
    for (const [id, rank] of printed) expect(rank).toBeCloseTo(ref.ranks[internal(id)], 5);
  });
});

describe('semiforge pagerank refuses bad input in one line', () => {
  it.each([
    [['pagerank'], /pagerank needs a graph: a FILE .* or -g SCALE/],
    [['pagerank', 'x.el', '-g', '5'], /give a FILE or -g SCALE, not both/],
    [['pagerank', '-g', '5', '--damping', '1'], /--damping 1: out of range; the damping is .* strictly between 0 and 1/],
    [['pagerank', '-g', '5', '--tolerance', 'tiny'], /--tolerance tiny: not a number; the tolerance is an L1 norm > 0/],
    [['pagerank', '-g', '5', '--max-iterations', '0'], /--max-iterations 0: out of range 1..1000000/],
    [['pagerank', '-g', '5', '--personalize', '1,x'], /--personalize x: not an integer/],
    [['pagerank', '-g', '5', '--relabel', 'rows'], /--relabel rows: .*none, degree/],
    [['pagerank', '-g', '5', '--symmetrize'], /--symmetrize: -g SCALE makes an undirected graph already; the flag is for a FILE/],
  ])('%j', async (argv, message) => {
    const run = await runCli(argv);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toMatch(message);
    expect(run.stdout).toBe('');
  });

  it('a restart vertex the file does not have', async () => {
    const run = await runCli(['pagerank', sparseIds, '--personalize', '5']);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/^semiforge: --personalize 5: not a vertex of the graph; vertices are the ids of the file\n/);
  });
});
