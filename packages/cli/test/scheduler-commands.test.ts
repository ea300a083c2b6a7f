import { describe, expect, it } from 'vitest';
import type { BlockedApspSummary } from '../src/commands/blocked-apsp.js';
import type { MultiSourceSummary } from '../src/commands/multi-source.js';
import { noGpuReason } from './gpu.js';
import { graphFiles } from './graph-files.js';
import { runCli } from './run-cli.js';

// Each edge listed once, as SNAP's undirected files list them: a path 0 - 1 - 2 - 3 and a triangle 4 5 6.
const oneWay = graphFiles('semiforge-multi-', { 'edges.el': '0 1\n1 2\n2 3\n4 5\n5 6\n4 6\n' }).path('edges.el');

describe('semiforge blocked-apsp and multi-source usage', () => {
  it.each([
    [['blocked-apsp'], /blocked-apsp needs a graph: a FILE or --generate N/],
    [['blocked-apsp', 'g.gr', '--generate', '64'], /give a FILE or --generate N, not both/],
    [['blocked-apsp', '--generate', '64', '--block', '4'], /--block 4: out of range 8..16384/],
    [['blocked-apsp', '--generate', '64', '--gpus', '0'], /--gpus 0: out of range 1..64/],
    [['multi-source'], /multi-source needs a graph/],
    [['multi-source', '-g', '8', '--algorithm', 'dfs'], /--algorithm dfs: must be one of bfs, sssp/],
    [['multi-source', '-g', '8', '--symmetrize'], /--symmetrize: -g SCALE makes an undirected graph already; the flag is for a FILE/],
    [['multi-source', '-g', '8', '--per-task', '64'], /^semiforge: --per-task 64: out of range 1..32 for bfs; a BFS task searches its sources in one multi-source pass$/],
  ])('%j fails with exit 2 and one line', async (argv, message) => {
    const run = await runCli(argv);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toMatch(message);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('a directed file for BFS without --symmetrize: one usage line naming the file and the flag, before any device opens', async () => {
    const run = await runCli(['multi-source', oneWay, '-n', '2']);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe(`semiforge: ${oneWay} is a directed graph, and direction-optimising BFS follows edges both ways: pass --symmetrize to add every arc's mirror`);
  });
});

describe.skipIf(noGpuReason !== undefined)('semiforge blocked-apsp and multi-source on the GPU', () => {
  it('blocked-apsp --generate 150 --block 64 --tile 32 --devices 2 --verify --json: 3×3 blocks, distances verified', async () => {
    const run = await runCli(['blocked-apsp', '--generate', '150', '--block', '64', '--tile', '32', '--devices', '2', '--verify', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const s = JSON.parse(run.stdout) as BlockedApspSummary;
    expect(s).toMatchObject({ command: 'blocked-apsp', n: 150, paddedN: 192, block: 64, blocks: 3, tasks: 27, verification: { ok: true, method: 'reference' } });
    expect(s.devices).toHaveLength(2);
    expect(run.stderr).toMatch(/verified\s+yes/);
  });

  it('multi-source -g 8 -n 40 --devices 2 --verify --json: every BFS valid, sources split over both devices', async () => {
    const run = await runCli(['multi-source', '-g', '8', '-n', '40', '--per-task', '8', '--devices', '2', '--verify', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const s = JSON.parse(run.stdout) as MultiSourceSummary;
    expect(s.sources).toHaveLength(40);
    expect(s.sources.every((l) => l.valid === true && l.reached > 0)).toBe(true);
    expect(new Set(s.sources.map((l) => l.device))).toEqual(new Set([0, 1]));
    expect(s.tasks).toBe(5);
  });

  it('multi-source FILE --symmetrize --verify: each edge listed once, searched both ways', async () => {
    const run = await runCli(['multi-source', oneWay, '--source', '3', '--symmetrize', '--verify', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const s = JSON.parse(run.stdout) as MultiSourceSummary;
    expect(s).toMatchObject({ graph: `${oneWay} (symmetrized)`, vertices: 7, arcs: 12, sources: [{ source: 3, reached: 4, valid: true }] });
  });

  it('multi-source --algorithm sssp --weights u32 --verify: every SSSP tree valid', async () => {
    const run = await runCli(['multi-source', '-g', '7', '-n', '6', '--algorithm', 'sssp', '--weights', 'u32', '--per-task', '2', '--verify', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const s = JSON.parse(run.stdout) as MultiSourceSummary;
    expect(s.sources.map((l) => l.valid)).toEqual([true, true, true, true, true, true]);
  });
});
