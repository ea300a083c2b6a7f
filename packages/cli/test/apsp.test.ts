import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApspSummary } from '../src/index.js';
import { noGpuReason } from './gpu.js';
import { runCli } from './run-cli.js';

// Small graphs and few kernel shapes: lavapipe compiles each new shape once per process.
const SMALL = ['--tile', '16', '--unroll', '1'];
const LAGRAPH_FW_1000 = '/work/shared/data/lagraph/test_FW_1000.mtx';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'semiforge-cli-'));
  // 0-based: 0→1 (4), 0→2 (1), 2→1 (2), 1→3 (1), 3→4 (-1 is fine: no negative cycle), 5 isolated.
  await writeFile(join(dir, 'small.gr'), 'c six vertices\np sp 6 5\na 1 2 4\na 1 3 1\na 3 2 2\na 2 4 1\na 4 5 -1\n');
  await writeFile(join(dir, 'cycle.gr'), 'p sp 3 3\na 1 2 1\na 2 3 -5\na 3 1 2\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(noGpuReason !== undefined)('semiforge apsp', () => {
  it('runs a generated graph with --json --verify', async () => {
    const run = await runCli(['apsp', '--generate', '40', '--seed', '7', ...SMALL, '--json', '--verify']);
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as ApspSummary;
    expect(summary).toMatchObject({
      command: 'apsp',
      graph: 'random4n(n=40, seed=7)',
      n: 40,
      arcs: 160,
      method: 'a',
      tile: 16,
      unroll: 1,
      layout: 'row-major',
      semiring: 'min-plus',
      type: 'f32',
      paddedN: 48,
      verified: true,
      verification: { method: 'reference', rows: 40, entries: 1600, mismatches: 0, ok: true },
      path: null,
      out: null,
    });
    expect(summary.wallTimeMs).toBeGreaterThan(0);
    expect(summary.relaxationsPerSecond).toBeGreaterThan(0);
    expect(summary.device.length).toBeGreaterThan(0);
    // The human summary goes to stderr.
    expect(run.stderr).toContain('apsp: random4n(n=40, seed=7), n = 40, 160 arcs');
    expect(run.stderr).toMatch(/^ {2}verify {3}OK: 40 rows \(1600 entries\) against the CPU reference$/m);
    expect(run.stderr).toMatch(/^ {2}rate {5}\S+ .*relaxations\/s/m);
  });

  it('reads a DIMACS file, prints a path and writes the matrix', async () => {
    const out = join(dir, 'dist.bin');
    const run = await runCli(['apsp', join(dir, 'small.gr'), ...SMALL, '--path', '0', '4', '--out', out, '-v']);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toBe('0 2 1 3 4\n');
    expect(run.stderr).toContain('path     0 → 4: distance 3, 4 arcs');
    const bytes = await readFile(out);
    expect(bytes.subarray(0, 4).toString('ascii')).toBe('SFDM');
    expect(bytes.readUInt32LE(12)).toBe(6);
    const d = (i: number, j: number) => bytes.readFloatLE(16 + 4 * (i * 6 + j));
    expect([d(0, 1), d(0, 3), d(0, 4), d(1, 4), d(4, 0), d(5, 5)]).toEqual([3, 4, 3, 0, Infinity, 0]);
  });

  it('--backend webgpu --layout bdl runs on the adapter, in the layout asked for', async () => {
    const run = await runCli(['apsp', '-g', '40', ...SMALL, '--layout', 'bdl', '--backend', 'webgpu', '-v', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as ApspSummary;
    expect(summary).toMatchObject({ method: 'a', layout: 'bdl', verified: true });
    expect(summary.adapter?.description ?? summary.adapter?.vendor).toBeDefined();
  });

  it('checks another semiring against the CPU reference (method b, u32)', async () => {
    const run = await runCli(['apsp', '-g', '40', ...SMALL, '--method', 'b', '--semiring', 'or-and', '--type', 'u32', '-v', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ layout: 'bdl', semiring: 'or-and', type: 'u32', verified: true });
  });

  it('reports a negative cycle as one line, exit 1', async () => {
    const run = await runCli(['apsp', join(dir, 'cycle.gr'), ...SMALL]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^semiforge: negative cycle through vertex \d: shortest paths are undefined/m);
    expect(run.stderr).toMatch(/^hint: min-plus APSP needs a graph without negative cycles/m);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('refuses an adapter that does not exist, listing the ones seen', async () => {
    const run = await runCli(['apsp', '-g', '40', ...SMALL, '--adapter', 'no-such-gpu-anywhere']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^semiforge: No WebGPU adapter matches "no-such-gpu-anywhere"/);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  // n = 1000 takes ~10 s on lavapipe: worth it once, with the Dijkstra row check of large n.
  it.skipIf(!existsSync(LAGRAPH_FW_1000))('runs LAGraph test_FW_1000.mtx with tile 32 and checks rows against Dijkstra', async () => {
    const run = await runCli(['apsp', LAGRAPH_FW_1000, '--tile', '32', '--verify', '--json']);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      n: 1000,
      arcs: 3996,
      paddedN: 1024,
      verified: true,
      verification: { method: 'dijkstra', rows: 16, entries: 16000, mismatches: 0 },
    });
  });
});

// Refused before a device opens, so these run without a GPU.
describe('semiforge apsp refuses bad input before the GPU', () => {
  it('a weight beyond f32 (it would round to Infinity: no arc) names the file, arc and limit', async () => {
    const path = join(dir, 'huge.wel');
    await writeFile(path, '0 1 1e39\n1 2 3\n');
    const run = await runCli(['apsp', path, ...SMALL]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`semiforge: ${path}: arc 0 (0 → 1) weighs 1e+39, beyond f32's ±3.4028234663852886e+38\nhint: scale the weights into the f32 range\n`);
  });

  it('an --out path that cannot be written is refused before the run', async () => {
    const missing = join(dir, 'no-such-dir', 'd.csv');
    let run = await runCli(['apsp', join(dir, 'small.gr'), ...SMALL, '--out', missing]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`semiforge: cannot write '${missing}': no such file or directory\n`);
    const taken = join(dir, 'taken.csv');
    await mkdir(taken);
    run = await runCli(['apsp', join(dir, 'small.gr'), ...SMALL, '--out', taken]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`semiforge: cannot write '${taken}': is a directory\n`);
  });
});
