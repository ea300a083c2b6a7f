import { bfsReference } from '@semiforge/algorithms';
import { csrFromEdges, generateKronecker } from '@semiforge/graph-io';
import { describe, expect, it } from 'vitest';
import type { BfsSummary } from '../src/index.js';
import { noGpuReason } from './gpu.js';
import { graphFiles } from './graph-files.js';
import { runCli } from './run-cli.js';

// Sparse labels (compacted to 0..4 on reading), arcs one way; 50 only points at 10.
const directed = graphFiles('semiforge-bfs-', { 'ids.el': '10 20\n10 30\n30 20\n20 40\n50 10\n' }).path('ids.el');

describe.skipIf(noGpuReason !== undefined)('semiforge bfs on the GPU', () => {
  it.each([[[]], [['--core']], [['--mf-approx', '--alpha', '4']], [['--no-degree-order']]])('-g 7 -n 3 %j --verify --json: valid, reaching what the CPU reaches', async (extra) => {
    const run = await runCli(['bfs', '-g', '7', '-n', '3', '--seed', '4', ...extra, '--verify', '--json']);
    expect(run.stderr).toMatch(/verified \(Graph500 rules\): yes/);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as BfsSummary;
    expect(s).toMatchObject({ command: 'bfs', vertices: 128, verified: true, core: extra.includes('--core') });
    expect(s.trials).toHaveLength(3);
    const csr = csrFromEdges(generateKronecker({ scale: 7, seed: 4 }), { symmetrize: true, sortRows: true });
    for (const t of s.trials) {
      expect(t.reached).toBe(bfsReference(csr, t.source).depth.filter((d) => d >= 0).length);
      expect(t.directions).toMatch(/^[TB]+$/);
    }
  });

  it('a directed file with --symmetrize (refused without: below): --source takes and prints the ids of the file', async () => {
    const run = await runCli(['bfs', directed, '--symmetrize', '--source', '10', '--verify']);
    expect(run.code).toBe(0);
    const [header, row] = run.stdout.trim().split('\n');
    expect(header).toMatch(/^source\s+reached\s+levels\s+time\s+rate$/);
    expect(row.split(/\s+/).slice(0, 2)).toEqual(['10', '5']);
    // Symmetrized as read, as the other graph commands do: the summary says so.
    expect(run.stderr).toContain(`bfs ${directed} (symmetrized): `);
  });
});

describe('semiforge bfs refuses bad input in one line', () => {
  it.each([
    [['bfs'], /bfs needs a graph: a FILE .* or -g SCALE/],
    [['bfs', '-g', '5', '--source', '99'], /--source 99: not a vertex of the graph; vertices are 0..31/],
    [['bfs', '-g', '5', '--source', '1', '-n', '2'], /give --source N or -n TRIALS, not both/],
    [['bfs', '-g', '5', '--alpha', '-1'], /--alpha/],
    [['bfs', '-g', '5', '--no-degree-order', '--mf-approx'], /mfApprox .* needs degreeOrder: true/],
  ])('%j', async (argv, message) => {
    const run = await runCli(argv);
    expect(run.code).not.toBe(0);
    expect(run.stderr.split('\n')[0]).toMatch(message);
  });

  it('a directed file without --symmetrize: a usage error naming the file and the flag, not a bug report', async () => {
    const run = await runCli(['bfs', directed, '--source', '10']);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe(`semiforge: ${directed} is a directed graph, and direction-optimising BFS follows edges both ways: pass --symmetrize to add every arc's mirror`);
    expect(run.stderr).not.toMatch(/bug/);
    expect(run.stdout).toBe('');
  });
});
