import { ssspReference, toIntegerWeights } from '@semiforge/algorithms';
import { csrFromEdges, generateKronecker } from '@semiforge/graph-io';
import { describe, expect, it, vi } from 'vitest';
import type { SsspSummary } from '../src/index.js';
import { noGpuReason } from './gpu.js';
import { graphFiles } from './graph-files.js';
import { runCli } from './run-cli.js';

const files = graphFiles('semiforge-sssp-', {
  // Sparse labels (compacted to 0..4 on reading), weighted arcs; 50 is unreachable from 10.
  'ids.wel': '10 20 4\n10 30 1\n30 20 2\n20 40 1\n50 10 3\n',
  'neg.wel': '0 1 1\n1 2 -3\n2 1 1\n',
  // A negative arc and no negative cycle: auto plans Bellman-Ford.
  'dag.wel': '0 1 1\n1 2 -3\n0 2 5\n',
  // An empty edge list is a graph of no vertices.
  'empty.el': '',
});
const weighted = files.path('ids.wel');
const negative = files.path('neg.wel');

describe.skipIf(noGpuReason !== undefined)('semiforge sssp on the GPU', () => {
  it.each(['bellman-ford', 'frontier', 'near-far'])('-g SCALE -n 3 --weights u32 --method %s --verify --json: valid, distances as the CPU has them', async (method) => {
    const run = await runCli(['sssp', '-g', '6', '-n', '3', '--seed', '4', '--weights', 'u32', '--method', method, '--verify', '--json']);
    expect(run.stderr).toMatch(/verified \(Graph500 rules\): yes/);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as SsspSummary;
    expect(s).toMatchObject({ command: 'sssp', vertices: 64, method, weights: 'u32', verified: true });
    expect(s.trials).toHaveLength(3);
    const csr = toIntegerWeights(csrFromEdges(generateKronecker({ scale: 6, seed: 4, weights: true }), { symmetrize: true, sortRows: true }), 255);
    expect(s.arcs).toBe(csr.indices.length);
    for (const t of s.trials) {
      expect(t.reached).toBe(ssspReference(csr, t.source, { weights: 'u32' }).dist.filter((d) => d !== Infinity).length);
      expect(t.edgesPerSecond).toBeGreaterThan(0);
    }
  });

  it('--source takes and prints the ids of the file; a table on stdout', async () => {
    const run = await runCli(['sssp', weighted, '--source', '10', '--verify']);
    expect(run.code).toBe(0);
    const [header, row] = run.stdout.trim().split('\n');
    expect(header).toMatch(/^source\s+reached\s+passes\s+time\s+edges\/s$/);
    expect(row.split(/\s+/).slice(0, 2)).toEqual(['10', '4']);
  });

  it('--heavy-arcs settle: near-far with heavy arcs relaxed once per bucket, valid and as the CPU has it', async () => {
    const run = await runCli(['sssp', '-g', '6', '-n', '2', '--seed', '3', '--weights', 'u32', '--method', 'near-far', '--heavy-arcs', 'settle', '--verify', '--json']);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as SsspSummary;
    expect(s).toMatchObject({ method: 'near-far', verified: true });
    const csr = toIntegerWeights(csrFromEdges(generateKronecker({ scale: 6, seed: 3, weights: true }), { symmetrize: true, sortRows: true }), 255);
    for (const t of s.trials) expect(t.reached).toBe(ssspReference(csr, t.source, { weights: 'u32' }).dist.filter((d) => d !== Infinity).length);
  });

  it.each([['8'], ['0']])('--hub-degree %s: near-far with hubs waiting in the bucket (0: none), valid and as the CPU has it', async (degree) => {
    const run = await runCli(['sssp', '-g', '7', '-n', '2', '--seed', '3', '--weights', 'u32', '--method', 'near-far', '--hub-degree', degree, '--verify', '--json']);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as SsspSummary;
    // Integer weights 1–255 on 128 vertices: the pass reads them packed beside the heads.
    expect(s).toMatchObject({ method: 'near-far', verified: true, settings: { hubDegree: Number(degree), packedQueue: false, arcWeightBits: 8 } });
    expect(run.stderr).toContain('arcs packed with 8-bit weights');
    expect(s.settings.delta).toBeGreaterThan(0);
    if (degree === '0') {
      const apart = await runCli(['sssp', '-g', '7', '-n', '2', '--seed', '3', '--weights', 'u32', '--method', 'near-far', '--hub-degree', degree, '--no-pack-arcs', '--verify', '--json']);
      expect(apart.code).toBe(0);
      const a = JSON.parse(apart.stdout) as SsspSummary;
      expect(a).toMatchObject({ verified: true, settings: { arcWeightBits: null } });
      expect(a.trials.map((t) => t.reached)).toEqual(s.trials.map((t) => t.reached));
    }
    expect(s.settings.chunk).toBeGreaterThan(0);
    expect(run.stderr.includes('hubs of degree ≥ 8')).toBe(degree === '8');
    const csr = toIntegerWeights(csrFromEdges(generateKronecker({ scale: 7, seed: 3, weights: true }), { symmetrize: true, sortRows: true }), 255);
    for (const t of s.trials) expect(t.reached).toBe(ssspReference(csr, t.source, { weights: 'u32' }).dist.filter((d) => d !== Infinity).length);
  });

  it('--hub-rounds and --hub-growth: a fine hub step that grows after each release, valid and as the CPU has it', async () => {
    const run = await runCli(['sssp', '-g', '7', '-n', '2', '--seed', '3', '--weights', 'u32', '--method', 'near-far', '--hub-degree', '8', '--delta', '64', '--hub-rounds', '32', '--hub-growth', '2', '--verify', '--json']);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as SsspSummary;
    expect(s).toMatchObject({ method: 'near-far', verified: true, settings: { hubDegree: 8, hubStep: 2, hubGrowth: 2 } });
    expect(run.stderr).toContain('hubs of degree ≥ 8 in steps of 2 growing × 2');
    const csr = toIntegerWeights(csrFromEdges(generateKronecker({ scale: 7, seed: 3, weights: true }), { symmetrize: true, sortRows: true }), 255);
    for (const t of s.trials) expect(t.reached).toBe(ssspReference(csr, t.source, { weights: 'u32' }).dist.filter((d) => d !== Infinity).length);
  });

  it('--degree-order: the graph searched in degree order, sources and reach in the generator\'s ids', async () => {
    const run = await runCli(['sssp', '-g', '7', '-n', '3', '--seed', '3', '--weights', 'u32', '--degree-order', '--verify', '--json']);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as SsspSummary;
    expect(s).toMatchObject({ verified: true, settings: { degreeOrder: true } });
    expect(s.setupMs).toBeGreaterThan(0);
    expect(run.stderr).toMatch(/degree order\).*; setup [\d.]+ m?s\n/);
    const csr = toIntegerWeights(csrFromEdges(generateKronecker({ scale: 7, seed: 3, weights: true }), { symmetrize: true, sortRows: true }), 255);
    for (const t of s.trials) expect(t.reached).toBe(ssspReference(csr, t.source, { weights: 'u32' }).dist.filter((d) => d !== Infinity).length);
  });

  it('--delta, --chunk, --arc-unroll, --fuse-advance: near-far as tuned, valid and as the CPU has it', async () => {
    // chunk 8 is below the 16 lanes an item the mean degree asks for: the lanes follow the chunk.
    const run = await runCli(['sssp', '-g', '7', '-n', '2', '--seed', '3', '--weights', 'u32', '--delta', '40', '--chunk', '8', '--arc-unroll', '2', '--fuse-advance', '--verify', '--json']);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as SsspSummary;
    expect(s).toMatchObject({ method: 'near-far', verified: true, settings: { delta: 40, chunk: 8, fusedAdvance: true } });
    expect(run.stderr).toMatch(/delta 40, .*chunks of 8 arcs, arcs packed with 8-bit weights, advance step fused\)/);
    const csr = toIntegerWeights(csrFromEdges(generateKronecker({ scale: 7, seed: 3, weights: true }), { symmetrize: true, sortRows: true }), 255);
    for (const t of s.trials) expect(t.reached).toBe(ssspReference(csr, t.source, { weights: 'u32' }).dist.filter((d) => d !== Infinity).length);
  });

  it('--symmetrize: a file that lists each edge once searched as an undirected graph, parallel arcs at their least weight', async () => {
    // 40 has no arc of its own in the file: only the mirrors reach anything from it.
    const directed = await runCli(['sssp', weighted, '--source', '40', '--json']);
    expect(directed.code).toBe(0);
    expect((JSON.parse(directed.stdout) as SsspSummary).trials[0].reached).toBe(1);
    const run = await runCli(['sssp', weighted, '--source', '40', '--symmetrize', '--verify', '--json']);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as SsspSummary;
    expect(s).toMatchObject({ graph: `${weighted} (symmetrized)`, vertices: 5, arcs: 10, verified: true });
    expect(s.trials[0]).toMatchObject({ source: 40, reached: 5 });
    // 1 -> 2 at 5 and 2 -> 1 at 3: one arc each way, at 3.
    const twice = files.write('twice.wel', '1 2 5\n2 1 3\n2 3 1\n');
    const merged = JSON.parse((await runCli(['sssp', twice, '--source', '3', '--symmetrize', '--verify', '--json'])).stdout) as SsspSummary;
    expect(merged).toMatchObject({ arcs: 4, verified: true, trials: [{ source: 3, reached: 3 }] });
  });

  it('--delta where auto plans Bellman-Ford (a negative weight): a usage error, not a flag silently ignored', async () => {
    const run = await runCli(['sssp', files.path('dag.wel'), '--source', '0', '--delta', '2']);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toBe('semiforge: --delta 2: --method auto planned bellman-ford for this graph (a weight is negative), whose edge passes have no buckets or queues; leave the flag out');
    const plain = await runCli(['sssp', files.path('dag.wel'), '--source', '0', '--json']);
    expect(JSON.parse(plain.stdout)).toMatchObject({ method: 'bellman-ford', trials: [{ reached: 3 }] });
  });

  it('a negative cycle is one line naming a vertex on it', async () => {
    const run = await runCli(['sssp', negative, '--source', '0', '--method', 'bellman-ford']);
    expect(run.code).toBe(1);
    expect(run.stderr.split('\n')[0]).toMatch(/negative cycle through vertex [12]/);
    expect(run.stderr.split('\n')[1]).toBe('hint: shortest paths from a source need a graph without negative cycles (vertex ids are 0-based)');
  });
});

describe('semiforge sssp refuses bad input in one line', () => {
  it.each([
    [['sssp'], /sssp needs a graph: a FILE .* or -g SCALE/],
    [['sssp', '-g', '5', '--method', 'dijkstra'], /--method dijkstra/],
    [['sssp', '-g', '5', '--weights', 'f64'], /--weights f64/],
    [['sssp', '-g', '5', '--source', '1', '-n', '2'], /give --source N or -n TRIALS, not both/],
    [['sssp', '-g', '5', '--source', '32'], /--source 32: not a vertex of the graph; vertices are 0..31/],
    [['sssp', '-g', '5', '--max-distance', '-1'], /--max-distance -1: out of range; the largest distance to search/],
    [['sssp', '-g', '5', '--heavy-arcs', 'fast'], /--heavy-arcs fast: must be one of inline, settle/],
    [['sssp', '-g', '5', '--method', 'bellman-ford', '--heavy-arcs', 'settle'], /--heavy-arcs settle: heavy arcs are near-far's .*not bellman-ford's; use --method near-far/],
    [['sssp', '-g', '5', '--hub-degree', '4294967296'], /--hub-degree 4294967296: out of range 0..4294967295; the hub degree/],
    [['sssp', '-g', '5', '--method', 'frontier', '--hub-degree', '8'], /--hub-degree 8: hubs wait in near-far's buckets, not in frontier's passes; use --method near-far/],
    [['sssp', '-g', '5', '--hub-degree', '8', '--heavy-arcs', 'settle'], /--hub-degree 8 with --heavy-arcs settle: .*use one of them/],
    [['sssp', '-g', '5', '--method', 'frontier', '--hub-rounds', '4'], /--hub-rounds 4: tunes the hubs that wait in near-far's buckets; use --method near-far/],
    [['sssp', '-g', '5', '--hub-degree', '0', '--hub-growth', '2'], /--hub-growth 2: tunes the hubs that wait .*--hub-degree above 0/],
    [['sssp', '-g', '5', '--hub-growth', '0.5'], /--hub-growth 0.5: out of range; the hub step's factor after each release, a number from 1/],
    [['sssp', '-g', '5', '--hub-rounds', '0'], /--hub-rounds 0: out of range 1..1048576; hub rounds are an integer/],
    [['sssp', '-g', '5', '--method', 'frontier', '--delta', '3'], /--delta 3: the bucket width is near-far's, not frontier's; use --method near-far/],
    [['sssp', '-g', '5', '--delta', '0'], /--delta 0: out of range; near-far's bucket width, a number > 0/],
    [['sssp', '-g', '5', '--method', 'bellman-ford', '--fuse-advance'], /--fuse-advance: tunes the queue passes of frontier and near-far, not bellman-ford's edge passes/],
    [['sssp', '-g', '5', '--method', 'bellman-ford', '--chunk', '64'], /--chunk 64: tunes the queue passes/],
    [['sssp', '-g', '5', '--chunk', '3'], /--chunk 3: not a power of two; a chunk is the arcs one queue item covers/],
    [['sssp', '-g', '5', '--arc-unroll', '32'], /--arc-unroll 32: out of range 1..16; arcs a step are a power of two/],
    [['sssp', '-g', '5', '--symmetrize'], /--symmetrize: -g SCALE makes an undirected graph already; the flag is for a FILE/],
    [['sssp', files.path('empty.el'), '--source', '0'], /^semiforge: --source 0: not a vertex of the graph; the graph has no vertices$/],
  ])('%j', async (argv, message) => {
    const run = await runCli(argv);
    expect(run.code).toBe(2);
    expect(run.stderr.split('\n')[0]).toMatch(message);
    expect(run.stdout).toBe('');
  });
});

describe('semiforge sssp, bfs, pagerank and apsp --backend', () => {
  it.each([
    [['sssp', '-g', '5', '--backend', 'metal'], 2, /--backend metal: must be one of webgpu, cuda/],
    [['bfs', '-g', '5', '--backend', 'vulkan'], 2, /--backend vulkan: must be one of webgpu, cuda/],
    [['pagerank', '-g', '5', '--backend', 'opencl'], 2, /--backend opencl: must be one of webgpu, cuda/],
    [['apsp', '-g', '40', '--backend', 'rocm'], 2, /--backend rocm: must be one of webgpu, cuda/],
    [['apsp', '-g', '40', '--backend', 'cuda', '--adapter', 'lavapipe'], 2, /--adapter lavapipe: names a WebGPU adapter; with --backend cuda/],
    [['sssp', '-g', '5', '--backend', 'cuda', '--adapter', 'lavapipe'], 2, /--adapter lavapipe: names a WebGPU adapter; with --backend cuda/],
  ])('%j is refused in one line', async (argv, code, message) => {
    const run = await runCli(argv);
    expect(run.code).toBe(code);
    expect(run.stderr.split('\n')[0]).toMatch(message);
    expect(run.stdout).toBe('');
  });

  // No GPU here: where libcuda is missing, --backend cuda says so in one line, with no bug hint; on a machine
  // with CUDA the command runs there (the GPU host's self-test covers the results).
  const graphFlags: Record<string, string[]> = { sssp: ['-g', '5', '-n', '1'], bfs: ['-g', '5', '-n', '1'], pagerank: ['-g', '5'], apsp: ['-g', '40'] };
  it.each([['sssp'], ['bfs'], ['pagerank'], ['apsp']])('%s --backend cuda names what CUDA lacks, or runs on it', async (command) => {
    const run = await runCli([command, ...graphFlags[command], '--backend', 'cuda', '--verify']);
    if (run.code === 0) {
      expect(run.stderr).toMatch(/CUDA/);
    } else {
      expect(run.code).toBe(1);
      expect(run.stderr.split('\n')[0]).toMatch(/^semiforge: CUDA backend: /);
      expect(run.stderr).not.toMatch(/looks like a bug/);
    }
  });

  it.each([['sssp'], ['apsp']])('%s with $SEMIFORGE_BACKEND naming no backend: one line and how to fix it, no bug hint', async (command) => {
    vi.stubEnv('SEMIFORGE_BACKEND', 'vulkan');
    try {
      const run = await runCli([command, ...graphFlags[command]]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe("semiforge: backend 'vulkan' (from SEMIFORGE_BACKEND) is not one of webgpu, cuda\nhint: set SEMIFORGE_BACKEND to webgpu or cuda, or unset it; --backend overrides it\n");
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('--backend webgpu runs as before', async () => {
    const run = await runCli(['bfs', '-g', '5', '-n', '2', '--backend', 'webgpu', '--verify', '--json']);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout).verified).toBe(true);
  });
});
