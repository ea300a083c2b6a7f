import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chooseFormat, matrixFactors, predictFormats } from '@semiforge/algorithms';
import { csrFromEdges, readGraphFile } from '@semiforge/graph-io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalyzeSummary } from '../src/commands/analyze.js';
import { runCli } from './run-cli.js';

let dir: string;
let diagonal: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'semiforge-analyze-'));
  diagonal = join(dir, 'diag.mtx');
  // 8 × 8 diagonal: with 16-B lines, 2 lines of x each serve 4 elements.
  await writeFile(diagonal, `%%MatrixMarket matrix coordinate pattern general\n8 8 8\n${[1, 2, 3, 4, 5, 6, 7, 8].map((i) => `${i} ${i}`).join('\n')}\n`);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('semiforge analyze', () => {
  it('--json: factors, one prediction per format, the automatic choice', async () => {
    const run = await runCli(['analyze', diagonal, '--line-bytes', '16', '--bandwidth', '100', '--json']);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as AnalyzeSummary;
    expect(s).toMatchObject({ command: 'analyze', format: 'mtx', bandwidthGBps: 100, bandwidthSource: 'flag', automaticChoice: 'ell', modelFastest: ['csr-scalar', 'csr-vector', 'ell', 'csr-merge'] });
    expect(s.factors).toMatchObject({ n: 8, arcs: 8, max: 1, mean: 1, stddev: 0, temporalLocality: 1, spatialLocality: 4, hitX: 0.75, paddingRatio: 1, lineBytes: 16 });
    // A pattern file streams no values: BPF = 2 + 0.25 · 16 / 4 = 3 → 100 / 3 GFLOP/s.
    expect(s.predictions.map((p) => [p.format, p.bytesPerFlop, p.gflops])).toEqual([
      ['csr-scalar', 3, 100 / 3],
      ['csr-vector', 3, 100 / 3],
      ['ell', 3, 100 / 3],
      // One slice of 32 rows holds the 8: 32 slots for 8 nonzeros (eq. 3).
      ['sell', 3, 25 / 3],
      ['fold', 3, 25 / 3],
      ['csr-merge', 3, 100 / 3],
    ]);
    expect(run.stderr).toMatch(/8 rows < 70000: paper 002 finds the model optimistic/);
  });

  it('text: every factor labelled, the nominal bandwidth said to be nominal', async () => {
    const run = await runCli(['analyze', diagonal]);
    expect(run.code).toBe(0);
    for (const label of ['rows', 'nonzeros', 'max row', 'row spread', 'mean row', 'temporal', 'spatial S', 'hit_x', 'ELL padding']) expect(run.stdout).toContain(`${label} `);
    expect(run.stdout).toContain('at 3350 GB/s (nominal H100 HBM3, not measured');
    // 128-B lines hold all 8 elements, and a pattern streams no values: BPF = 2 + (1 − 7/8) · 128 / 8 = 4 → 3350 / 4 GFLOP/s.
    expect(run.stdout).toMatch(/^csr-vector +4\.000 +837\.5$/m);
    expect(run.stdout).toContain('automatic choice: ell; fastest by the model: csr-scalar = csr-vector = ell');
  });

  it.each([
    [['--bandwidth', '-3'], '--bandwidth -3: not a positive number'],
    [['--bandwidth', '0'], '--bandwidth 0: not a positive number'],
    [['--line-bytes', '48'], '--line-bytes 48: not a power of two'],
  ])('refuses %j', async (flags, message) => {
    const run = await runCli(['analyze', diagonal, ...flags]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  const BCSSTK13 = '/work/shared/data/lagraph/bcsstk13.mtx';
  it.skipIf(!existsSync(BCSSTK13))(`agrees with the API on bcsstk13 (skipped when ${BCSSTK13} is absent: shared data not mounted)`, async () => {
    const run = await runCli(['analyze', BCSSTK13, '--bandwidth', '2000', '--json']);
    expect(run.code).toBe(0);
    const s = JSON.parse(run.stdout) as AnalyzeSummary;
    const factors = matrixFactors(csrFromEdges(await readGraphFile(BCSSTK13), { sortRows: true }));
    expect(s.factors).toEqual(factors);
    expect(s.predictions).toEqual(predictFormats(factors, { bandwidthGBps: 2000 }));
    expect(s.automaticChoice).toBe('csr-stream'); // padding 2.27, mean 42, 83,883 nonzeros
    expect(chooseFormat(factors)).toBe('csr-stream');
  });
});
