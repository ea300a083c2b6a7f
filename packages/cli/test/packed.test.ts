// The packages as a user gets them: each published package packed by npm (only what its `files` list ships),
// installed into an empty project, then the `semiforge` command and the library run from there. This catches
// what the workspace hides: a file left out of a tarball (the precompiled templates, graph-io's worker entries),
// a dependency only the workspace provides, an export that resolves only to sources.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { noGpuReason } from './gpu.js';

/** The packages a user installs (runtime-cuda, an optional peer that needs the CUDA driver, aside). */
const PACKAGES = ['codegen', 'runtime', 'graph-io', 'algorithms', 'scheduler', 'cli'];
const root = fileURLToPath(new URL('../../..', import.meta.url));
const npm = (args: string[], cwd: string) => execFileSync('npm', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });

describe.skipIf(noGpuReason)(`packed packages in a fresh project${noGpuReason ? ` (skipped: ${noGpuReason})` : ''}`, () => {
  let dir: string;
  let project: string;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'semiforge-packed-'));
    for (const name of PACKAGES) {
      const pkg = join(root, 'packages', name);
      // The cli's test target builds every package first (project.json); a missing dist is a broken build.
      if (!existsSync(join(pkg, 'dist', 'index.js'))) throw new Error(`${pkg}/dist/index.js is missing: run 'npx nx run-many -t build' first`);
      npm(['pack', '--pack-destination', dir, '--silent'], pkg);
    }
    project = join(dir, 'app');
    mkdirSync(project);
    const tarballs = readdirSync(dir).filter((f) => f.endsWith('.tgz'));
    const dependencies = Object.fromEntries(tarballs.map((f) => [`@semiforge/${f.replace(/^semiforge-(.+)-\d+\.\d+\.\d+\.tgz$/, '$1')}`, `file:../${f}`]));
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module', dependencies }));
    // Everything else comes from npm's cache, which `npm ci` filled: no registry round trips where it has them.
    npm(['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error'], project);
  }, 240_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('ships every package it was asked for, without sources or tests', () => {
    const tarballs = readdirSync(dir).filter((f) => f.endsWith('.tgz'));
    expect(tarballs.length).toBe(PACKAGES.length);
    for (const name of PACKAGES) {
      const listed = execFileSync('tar', ['-tzf', join(dir, tarballs.find((f) => f.startsWith(`semiforge-${name}-`))!)], { encoding: 'utf8' }).split('\n');
      expect(listed.some((f) => f.startsWith('package/src/') || f.startsWith('package/test/')), name).toBe(false);
      expect(listed, name).toContain('package/dist/index.js');
    }
  });

  it('runs the semiforge command: APSP verified against the CPU', () => {
    const out = execFileSync(join(project, 'node_modules', '.bin', 'semiforge'), ['apsp', '-g', '64', '--verify', '--json'], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const report = JSON.parse(out) as { verified?: boolean; verification?: { entries: number; mismatches: number } };
    expect(report.verified, out).toBe(true);
    expect(report.verification).toMatchObject({ entries: 64 * 64, mismatches: 0 });
  }, 120_000);

  it('imports the library: SpMV checked, a CSR built in worker threads equal to one built here', () => {
    writeFileSync(
      join(project, 'check.mjs'),
      `import { openDevice } from '@semiforge/runtime';
import { spmv, verifySpmv } from '@semiforge/algorithms';
import { csrFromEdges, csrFromEdgesParallel, generateKronecker } from '@semiforge/graph-io';
const tuples = generateKronecker({ scale: 9, edgefactor: 8, seed: 3, weights: 'f32-unit' });
const options = { symmetrize: true, sortRows: true, dropSelfLoops: true, duplicates: 'min' };
const here = csrFromEdges(tuples, options);
const workers = await csrFromEdgesParallel(tuples, { ...options, threads: 2, minParallelArcs: 1 });
const same = [here.indptr, here.indices, here.weight].every((a, i) => { const b = [workers.indptr, workers.indices, workers.weight][i]; return a.length === b.length && a.every((v, j) => v === b[j]); });
const device = await openDevice();
const x = Array.from({ length: here.n }, (_, i) => (i % 5) / 4);
const { y, plan } = await spmv(device, here, x, { semiring: 'min-plus' });
console.log(JSON.stringify({ same, format: plan.format, check: verifySpmv(here, x, y, { semiring: 'min-plus' }) }));
device.destroy();
`,
    );
    const out = execFileSync('node', ['check.mjs'], { cwd: project, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
    const result = JSON.parse(out.trim().split('\n').at(-1)!) as { same: boolean; format: string; check: { ok: boolean } };
    expect(result.same).toBe(true);
    expect(result.check).toEqual({ ok: true });
  }, 120_000);
});
