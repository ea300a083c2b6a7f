import { spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gpuSkipReason } from '@semiforge/runtime/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

// What a user gets from `npm install @semiforge/…`: each published package packed as npm would publish it,
// installed into a project outside the workspace (no workspace links, no TypeScript sources, no `source`
// export condition), then used from Node, from TypeScript and through the CLI's bin.
const root = fileURLToPath(new URL('../..', import.meta.url));
const fixtures = fileURLToPath(new URL('../fixtures', import.meta.url));
const karate = join(root, '../shared/data/lagraph/karate.mtx');
/** Why the parts that run kernels are skipped here (no adapter, outside CI), or undefined. */
const noGpu = await gpuSkipReason();

interface Published {
  readonly dir: string;
  readonly name: string;
  tarball: string;
}

function published(): Published[] {
  const dirs = readdirSync(join(root, 'packages')).map((d) => join(root, 'packages', d));
  return dirs
    .map((dir) => ({ dir, manifest: JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name: string; private?: boolean } }))
    .filter(({ manifest }) => !manifest.private)
    .map(({ dir, manifest }) => ({ dir, name: manifest.name, tarball: '' }));
}

/**
 * Runs a command and returns its stdout and stderr together (Vite warns on stderr), failing with both (tsc's
 * errors, an assertion's message) rather than only its status.
 */
function run(file: string, args: string[], options: SpawnSyncOptions): string {
  const done = spawnSync(file, args, { encoding: 'utf8', ...options });
  const output = `${done.stdout ?? ''}${done.stderr ?? ''}`;
  if (done.status !== 0) throw new Error(`${file} ${args.join(' ')} failed (${done.error?.message ?? `status ${done.status}`}):\n${output}`);
  return output;
}

/** What a command printed on stdout, failing with stdout and stderr when it fails. */
function stdoutOf(file: string, args: string[], cwd: string): string {
  const done = spawnSync(file, args, { encoding: 'utf8', cwd });
  if (done.status !== 0) throw new Error(`${file} ${args.join(' ')} failed (${done.error?.message ?? `status ${done.status}`}):\n${done.stdout}${done.stderr}`);
  return done.stdout.trim();
}

/** The JSON object a command ends its stdout with (one line, or printed over many from a line opening with `{`). */
function lastJson(file: string, args: string[], cwd: string): Record<string, unknown> {
  const text = stdoutOf(file, args, cwd);
  return JSON.parse(text.slice(text.lastIndexOf('\n{') + 1)) as Record<string, unknown>;
}

describe('the published packages, installed outside the workspace', () => {
  const packages = published();
  let packs: string;
  let project: string;

  beforeAll(() => {
    for (const p of packages) {
      if (!existsSync(join(p.dir, 'dist/index.js'))) throw new Error(`${p.name} has no dist/index.js: build first (npx nx run-many -t build; the test target depends on it)`);
    }
    packs = mkdtempSync(join(tmpdir(), 'semiforge-packs-'));
    project = mkdtempSync(join(tmpdir(), 'semiforge-consumer-'));
    for (const p of packages) p.tarball = join(packs, stdoutOf('npm', ['pack', '--silent', '--pack-destination', packs], p.dir).split('\n').pop()!);
    writeFileSync(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    cpSync(fixtures, project, { recursive: true });
    // @types/node as the workspace pins it: a Node user's TypeScript has it (graph-io's file readers name Node's types).
    const typesNode = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> }).devDependencies['@types/node'];
    run('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--loglevel=error', ...packages.map((p) => p.tarball), `@types/node@${typesNode}`], { cwd: project });
  });

  afterAll(() => {
    for (const dir of [packs, project]) if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('each tarball holds its build, declarations and README, and no sources or tests', () => {
    for (const p of packages) {
      const files = run('tar', ['tzf', p.tarball], {}).trim().split('\n');
      expect(files, p.name).toEqual(expect.arrayContaining(['package/package.json', 'package/README.md', 'package/dist/index.js', 'package/dist/index.d.ts']));
      expect(files.filter((f) => f.startsWith('package/src/') || f.startsWith('package/test/') || /\.test\.(js|ts)$/.test(f)), p.name).toEqual([]);
    }
  });

  it.skipIf(noGpu)(`runs every algorithm from Node, checked by its validator, worker threads included${noGpu ? ` (skipped: ${noGpu})` : ''}`, () => {
    const out = lastJson(process.execPath, ['smoke.mjs', karate], project);
    expect(out).toMatchObject({ karate: 34, vertices: 1024 });
    expect(out.iterations).toBeGreaterThan(1);
  });

  it('type-checks a TypeScript user, with WebGPU and CUDA types resolved (misuses are errors, not any)', () => {
    run(join(root, 'node_modules/.bin/tsc'), ['-p', 'tsconfig.json'], { cwd: project });
  });

  it('bundles into a page with Vite, no settings of its own, leaving Node and the CUDA backend out', () => {
    const log = run(join(root, 'node_modules/.bin/vite'), ['build', 'page', '--config', 'page/vite.config.mjs'], { cwd: project });
    expect(log).not.toMatch(/externalized for browser compatibility/);
    const assets = join(project, 'page/dist/assets');
    const code = readdirSync(assets).map((f) => readFileSync(join(assets, f), 'utf8')).join('\n');
    expect(code).toContain('spmv');
    // The CUDA backend's driver calls, had runtime-cuda been bundled.
    expect(code).not.toMatch(/cuModuleLoadData|cuLaunchKernel/);
  });

  it('runs the CLI from its bin', () => {
    const info = lastJson(join(project, 'node_modules/.bin/semiforge'), ['info', karate, '--json'], project);
    expect(info).toMatchObject({ vertices: 34, edges: 78, directed: false, components: { count: 1, giant: 34 } });
  });

  it.skipIf(noGpu)('runs APSP through the CLI, verified against the CPU', () => {
    const report = lastJson(join(project, 'node_modules/.bin/semiforge'), ['apsp', '-g', '64', '--verify', '--json'], project);
    expect(report).toMatchObject({ verified: true, verification: { entries: 64 * 64, mismatches: 0 } });
  });
});
