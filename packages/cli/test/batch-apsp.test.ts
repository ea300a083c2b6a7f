import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BatchApspSummary } from '../src/commands/batch-apsp.js';
import { noGpuReason } from './gpu.js';
import { runCli } from './run-cli.js';

describe('semiforge batch-apsp usage', () => {
  it.each([
    [['batch-apsp'], /batch-apsp needs graphs: a DIR of graph files or --generate N/],
    [['batch-apsp', 'graphs', '-g', '4'], /give a DIR or --generate N, not both/],
    [['batch-apsp', '-g', '4', '--size', '1'], /--size 1: out of range 2..4096/],
    [['batch-apsp', '-g', '4', '--devices', '0'], /--devices 0: out of range 1..64/],
    [['batch-apsp', '-g', '4', '--streams', 'x'], /--streams x: not an integer/],
  ])('%j fails with exit 2 and one line', async (argv, message) => {
    const run = await runCli(argv);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    expect(run.stderr.split('\n')[0]).toMatch(message);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });

  it('names a directory without graph files', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'semiforge-batch-cli-'));
    try {
      const run = await runCli(['batch-apsp', dir]);
      expect(run.code).toBe(1);
      // The input's fault: one line, no "looks like a bug" hint.
      expect(run.stderr).toBe(`semiforge: ${dir}: no graph files (.gr, .mtx, .el, .wel, .txt, optionally .gz, or .sfg) found.\n`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('semiforge batch-apsp reads a DIR, before the GPU', () => {
  it('a file given as DIR is a usage error pointing to apsp', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'semiforge-batch-cli-'));
    try {
      const file = join(dir, 'one.gr');
      await writeFile(file, 'p sp 2 1\na 1 2 3\n');
      const run = await runCli(['batch-apsp', file]);
      expect(run.code).toBe(2);
      expect(run.stderr.split('\n')[0]).toBe(`semiforge: ${file} is not a directory: batch-apsp reads every graph file of a DIR (one graph: semiforge apsp ${file})`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('a weight beyond f32 names its file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'semiforge-batch-cli-'));
    try {
      await writeFile(join(dir, 'a.wel'), '0 1 2\n');
      await writeFile(join(dir, 'b.wel'), '0 1 5e38\n');
      const run = await runCli(['batch-apsp', dir]);
      expect(run.code).toBe(1);
      expect(run.stderr.split('\n')[0]).toBe(`semiforge: ${join(dir, 'b.wel')}: arc 0 (0 → 1) weighs 5e+38, beyond f32's ±3.4028234663852886e+38`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe.skipIf(noGpuReason !== undefined)('semiforge batch-apsp on the GPU', () => {
  it('--generate N --devices 2 --verify --json: every graph verified, the model beside the time', async () => {
    const run = await runCli(['batch-apsp', '--generate', '6', '--size', '24', '--devices', '2', '--verify', '--json']);
    expect(run.code, run.stderr).toBe(0);
    const s = JSON.parse(run.stdout) as BatchApspSummary;
    expect(s).toMatchObject({
      command: 'batch-apsp',
      graphs: 6,
      vertices: { min: 24, max: 24 },
      streams: 3,
      verified: 6,
      mismatched: [],
      failed: [],
      requeued: 0,
    });
    expect(s.devices).toHaveLength(2);
    expect(s.timeMs).toBeGreaterThan(0);
    expect(s.model.tOptMs).toBeGreaterThan(0);
    expect(s.delta).toBeCloseTo((s.timeMs - s.model.tOptMs) / s.model.tOptMs, 9);
    expect(run.stderr).toMatch(/verified\s+yes, 6 of 6/);
    expect(run.stderr).toMatch(/model T_opt/);
  });
});
