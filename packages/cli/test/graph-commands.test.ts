import { execFileSync } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { csrFromEdges, edgesFromCsr, readGraphBinary, readGraphFile, writeMatrixMarket, type Csr, type EdgeList } from '@semiforge/graph-io';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConvertSummary } from '../src/commands/convert.js';
import type { InfoSummary } from '../src/commands/info.js';
import { runCli, type CliRun } from './run-cli.js';

const KARATE = '/work/shared/data/lagraph/karate.mtx';
const NO_KARATE = existsSync(KARATE) ? undefined : `${KARATE} not found (shared data absent)`;

let dir: string;
const at = (name: string): string => join(dir, name);
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'semiforge-graph-'));
  // 0→1 (2), 0→2 (1.5), 2→1 (4), 1→1 (7), 3 isolated; a self-loop and a parallel arc 0→1 (5).
  await writeFile(at('small.mtx'), '%%MatrixMarket matrix coordinate real general\n4 4 5\n1 2 2\n1 3 1.5\n3 2 4\n2 2 7\n1 2 5\n');
  await writeFile(at('bad.mtx'), '%%MatrixMarket matrix coordinate real general\n3 3 2\n1 2 1\n1 9 1\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A CSR with sorted rows, for comparing graphs read from different formats. */
const canonical = (g: Csr): Csr => csrFromEdges({ n: g.n, src: rowsOf(g), dst: g.indices, weight: g.weight, directed: g.directed }, { sortRows: true });
function rowsOf(g: Csr): Uint32Array {
  const src = new Uint32Array(g.indices.length);
  for (let v = 0; v < g.n; v++) src.fill(v, g.indptr[v], g.indptr[v + 1]);
  return src;
}

/** Same arcs in the same order, weights bit for bit. */
function sameArcs(a: EdgeList, b: EdgeList): boolean {
  return a.n === b.n && a.src.every((u, k) => u === b.src[k] && a.dst[k] === b.dst[k] && Object.is(a.weight?.[k], b.weight?.[k]));
}

function ok(run: CliRun): CliRun {
  expect(run.code, run.stderr).toBe(0);
  return run;
}

describe.skipIf(NO_KARATE !== undefined)('semiforge convert and info on karate', () => {
  it('mtx → sfg → mtx gives the same graph', async () => {
    ok(await runCli(['convert', KARATE, at('k.sfg')]));
    ok(await runCli(['convert', at('k.sfg'), at('k2.mtx')]));
    const original = csrFromEdges(await readGraphFile(KARATE), { sortRows: true });
    expect(canonical(await readGraphBinary(at('k.sfg')))).toEqual(original);
    expect(csrFromEdges(await readGraphFile(at('k2.mtx')), { sortRows: true })).toEqual(original);
  });

  it('info --json prints one JSON object with the right figures', async () => {
    for (const file of [KARATE, at('k.sfg')]) {
      const run = ok(await runCli(['info', file, '--json']));
      expect(run.stdout.trimEnd().split('\n')).toHaveLength(1);
      const info = JSON.parse(run.stdout) as InfoSummary;
      expect(info).toMatchObject({
        command: 'info',
        vertices: 34,
        arcs: 156,
        edges: 78,
        directed: false,
        weight: 'none',
        degree: { min: 1, max: 17, median: 3, zeroDegree: 0, selfLoops: 0 },
        components: { count: 1, giant: 34 },
        twoCore: 33, // vertex 12 (1-based) has degree 1
      });
      expect(info.degree.mean).toBeCloseTo(156 / 34, 12);
      expect(info.fileBytes).toBeGreaterThan(0);
      expect(info.readMs).toBeGreaterThanOrEqual(0);
    }
  });

  it('info prints a table on stdout', async () => {
    const run = ok(await runCli(['info', KARATE]));
    expect(run.stdout).toMatch(/^vertices {5}34$/m);
    expect(run.stdout).toMatch(/^arcs {9}156 \(78 undirected edges\)$/m);
    expect(run.stdout).toMatch(/^components {3}1 \(giant: 34 vertices\)$/m);
  });
});

describe('semiforge convert', () => {
  it('keeps weights, self-loops and parallel arcs by default, and --json is the only stdout', async () => {
    const run = ok(await runCli(['convert', at('small.mtx'), at('small.sfg'), '--json']));
    const summary = JSON.parse(run.stdout) as ConvertSummary;
    expect(summary).toMatchObject({ from: 'mtx', to: 'sfg', vertices: 4, arcs: 5, directed: true, weight: 'f64', sorted: true });
    expect(run.stderr).toBe('');
    const g = await readGraphBinary(at('small.sfg'));
    expect([...g.indptr]).toEqual([0, 3, 4, 5, 5]);
  });

  it('--symmetrize --drop-self-loops --duplicates min --relabel degree', async () => {
    ok(await runCli(['convert', at('small.mtx'), at('shaped.sfg'), '--symmetrize', '--drop-self-loops', '--duplicates', 'min', '--relabel', 'degree']));
    const g = await readGraphBinary(at('shaped.sfg'));
    expect(g.directed).toBe(false);
    // Edges {0,1} (min 2), {0,2} (1.5), {1,2} (4): every vertex but 3 has degree 2; 3 comes last.
    expect(g.indices.length).toBe(6);
    expect(g.ids?.[3]).toBe(3);
    expect([...(g.weight ?? [])].sort()).toEqual([1.5, 1.5, 2, 2, 4, 4]);
  });

  it('--duplicates error names the repeated entry: by its lines in a Matrix Market file, else by arc', async () => {
    const run = await runCli(['convert', at('small.mtx'), at('x.sfg'), '--duplicates', 'error']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^semiforge: .*small\.mtx:\d+: entry \(1, 2\) repeats the position of line \d+ \(duplicates: 'error'\)$/m);
    ok(await runCli(['convert', at('small.mtx'), at('small-dup.wel')]));
    const wel = await runCli(['convert', at('small-dup.wel'), at('y.sfg'), '--duplicates', 'error']);
    expect(wel.code).toBe(1);
    expect(wel.stderr).toMatch(/^semiforge: .*small-dup\.wel: arc 1 repeats arc 0 \(0 → 1\)$/m);
  });

  it('writes text formats by extension, gzipped on request', async () => {
    ok(await runCli(['convert', at('small.mtx'), at('small.wel.gz')]));
    const back = await readGraphFile(at('small.wel.gz'));
    expect(back.src.length).toBe(5);
    const el = await runCli(['convert', at('small.mtx'), at('small.el')]);
    expect(el.code).toBe(1);
    expect(el.stderr).toContain('.el has no weight column; write .wel (or .txt) to keep the weights');
  });

  it('streams text outputs to disk: the same bytes as the string writers, .gz readable, nothing left on failure', async () => {
    ok(await runCli(['convert', at('small.mtx'), at('small-out.mtx')]));
    const graph = edgesFromCsr(await readGraphBinary(at('small.sfg')));
    expect(await readFile(at('small-out.mtx'), 'utf8')).toBe(writeMatrixMarket(graph, { comments: ['written by semiforge convert'] }));
    ok(await runCli(['convert', at('small.mtx'), at('small-out.txt.gz')]));
    expect(sameArcs(await readGraphFile(at('small-out.txt.gz')), graph)).toBe(true);
    const run = await runCli(['convert', at('small.mtx'), join(dir, 'missing', 'g.mtx')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`semiforge: cannot write '${join(dir, 'missing', 'g.mtx')}': no such file or directory\n`);
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('bad input: exit 1 and the file:line:column message, no stack trace', async () => {
    const run = await runCli(['convert', at('bad.mtx'), at('bad.sfg')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toMatch(/^semiforge: .*bad\.mtx:4:3: column index 9 out of range 1..3/);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(existsSync(at('bad.sfg'))).toBe(false);
  });

  it('a corrupt .sfg: exit 1 with the offset and section', async () => {
    ok(await runCli(['convert', at('small.mtx'), at('flip.sfg')]));
    const bytes = await readFile(at('flip.sfg'));
    bytes[bytes.length - 1] ^= 1;
    await writeFile(at('flip.sfg'), bytes);
    const run = await runCli(['info', at('flip.sfg')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^semiforge: .*flip\.sfg: offset \d+ \(section weights\): checksum mismatch: stored 0x[0-9a-f]{8}, computed 0x[0-9a-f]{8}/);
  });

  it.each([
    [['convert', 'a.xyz', 'b.sfg'], 2, 'a.xyz: cannot tell the graph format from the extension'],
    [['convert', 'a.mtx', 'b.sfg.gz'], 2, '.sfg files are not compressed'],
    [['convert', 'a.mtx', 'b.sfg', '--duplicates', 'max'], 2, '--duplicates max: must be one of keep, sum, min, last, error'],
    [['info', join('/nonexistent', 'g.sfg')], 1, "cannot read '/nonexistent/g.sfg': no such file or directory"],
  ])('%j exits %i', async (argv, code, message) => {
    const run = await runCli(argv);
    expect(run.code).toBe(code);
    expect(run.stderr).toContain(message);
    expect(run.stderr).not.toMatch(/^\s+at /m);
  });
});

describe('semiforge info, convert and generate on paths that are not files', () => {
  it('a device that never ends (/dev/zero) is refused at its first NUL byte, not read forever', async () => {
    const run = await runCli(['info', '/dev/zero', '--from', 'el']);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('semiforge: /dev/zero:1:1: a NUL byte (byte 0 of the stream): not a text graph file, whose formats hold none\n');
  });

  it('a pipe is read to its end and reported without a size', async () => {
    const path = at('pipe.el');
    execFileSync('mkfifo', [path]);
    const writing = new Promise<void>((done, fail) => createWriteStream(path).end('0 1\n1 2\n', done).on('error', fail));
    const run = ok(await runCli(['info', path, '--json']));
    await writing;
    const info = JSON.parse(run.stdout) as InfoSummary;
    expect(info).toMatchObject({ fileBytes: null, vertices: 3, arcs: 2 });
  });

  it('a directory as the graph file is named', async () => {
    for (const name of ['folder.mtx', 'folder.sfg']) {
      await mkdir(at(name));
      const run = await runCli(['info', at(name)]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`semiforge: cannot read '${at(name)}': is a directory\n`);
    }
  });

  it('a --coordinates path that cannot be written is refused before -o is written', async () => {
    const coordinates = join(dir, 'missing', 'g.co');
    const run = await runCli(['generate', 'grid', '--rows', '2', '-o', at('lonely.gr'), '--coordinates', coordinates]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`semiforge: cannot write '${coordinates}': no such file or directory\n`);
    expect(existsSync(at('lonely.gr'))).toBe(false);
  });

  it('convert refuses a directory as OUT before reading IN', async () => {
    await mkdir(at('out-folder.sfg'));
    const run = await runCli(['convert', at('bad.mtx'), at('out-folder.sfg')]);
    expect(run.code).toBe(1);
    expect(run.stderr).toBe(`semiforge: cannot write '${at('out-folder.sfg')}': is a directory\n`);
  });
});

describe('semiforge generate', () => {
  it.each([
    ['kronecker', ['--scale', '8', '--weights', 'unit'], { vertices: 256, directed: false, weight: 'f32' }],
    ['rmat', ['--scale', '8', '--edge-factor', '4'], { vertices: 256, directed: false, weight: 'none' }],
    ['er', ['-n', '100', '-m', '300', '--weights', '1..9'], { vertices: 100, arcs: 600, directed: false, weight: 'f64' }],
    ['grid', ['--rows', '4', '--cols', '5'], { vertices: 20, arcs: 2 * (4 * 4 + 3 * 5), directed: false }],
    ['road', ['--scale', '6'], { vertices: 64, directed: false }],
    ['sprand', ['-n', '50'], { vertices: 50, arcs: 200, directed: true }],
  ])('%s is deterministic by seed', async (kind, flags, facts) => {
    const a = JSON.parse(ok(await runCli(['generate', kind, ...flags, '--seed', '7', '-o', at(`${kind}-a.sfg`), '--json'])).stdout);
    ok(await runCli(['generate', kind, ...flags, '--seed', '7', '-o', at(`${kind}-b.sfg`)]));
    ok(await runCli(['generate', kind, ...flags, '--seed', '8', '-o', at(`${kind}-c.sfg`)]));
    expect(a).toMatchObject({ command: 'generate', generator: kind, ...facts });
    const [ga, gb, gc] = await Promise.all(['a', 'b', 'c'].map((s) => readFile(at(`${kind}-${s}.sfg`))));
    expect(ga.equals(gb)).toBe(true);
    expect(ga.equals(gc)).toBe(false);
  });

  it('writes grid coordinates as DIMACS .co', async () => {
    ok(await runCli(['generate', 'grid', '--rows', '2', '-o', at('g.gr'), '--coordinates', at('g.co')]));
    expect(await readFile(at('g.co'), 'utf8')).toContain('p aux sp co 4\nv 1 0 0\nv 2 1 0\n');
    ok(await runCli(['generate', 'grid', '--rows', '2', '-o', at('g2.gr'), '--coordinates', at('g.co.gz')]));
    expect(gunzipSync(await readFile(at('g.co.gz'))).toString()).toBe(await readFile(at('g.co'), 'utf8'));
  });

  it.each([
    [['generate', 'kronecker', '-o', 'x.sfg'], 'kronecker needs --scale N'],
    [['generate', 'kronecker', '--scale', '8'], 'generate needs -o FILE'],
    [['generate', 'kronecker', '--scale', '40', '-o', 'x.sfg'], '--scale 40: out of range 1..31'],
    [['generate', 'grid', '--scale', '4', '--directed', '-o', 'x.sfg'], '--directed does not apply to grid'],
    [['generate', 'kronecker', '--scale', '4', '--weights', '1..5', '-o', 'x.sfg'], 'kronecker takes none or unit'],
    [['generate', 'lattice', '-o', 'x.sfg'], 'must be one of kronecker, rmat, er, grid, road, sprand'],
    [['generate', 'er', '-n', '10', '-m', '5', '--weights', '1..99999999999999999999', '-o', 'x.wel'], '--weights 1..99999999999999999999: integer bound 99999999999999999999 is beyond'],
  ])('usage error %j', async (argv, message) => {
    const run = await runCli(argv);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain(message);
  });

  it('a generator refusing its options (m beyond the pairs) exits 1 with one line', async () => {
    const run = await runCli(['generate', 'er', '-n', '4', '-m', '100', '-o', at('er.sfg')]);
    expect(run.code).toBe(1);
    expect(run.stderr.trimEnd().split('\n')).toHaveLength(1);
    expect(run.stderr).toMatch(/^semiforge: .*100/);
  });
});
