import { readFile } from 'node:fs/promises';
import { csrFromEdges, generateKronecker } from '@semiforge/graph-io';
import { describe, expect, it } from 'vitest';
import type { SpmvSummary } from '../src/index.js';
import { noGpuReason } from './gpu.js';
import { graphFiles } from './graph-files.js';
import { runCli } from './run-cli.js';

const files = graphFiles('semiforge-spmv-', {
  // 4×4, one long row and an empty one (row 3), values of both signs.
  'a.mtx': '%%MatrixMarket matrix coordinate real general\n4 4 6\n1 1 2\n1 2 -1\n1 3 0.5\n1 4 4\n2 1 3\n3 2 -2\n',
  'rect.mtx': '%%MatrixMarket matrix coordinate real general\n3 4 2\n1 1 1\n2 4 2\n',
  'p.mtx': '%%MatrixMarket matrix coordinate pattern general\n3 3 3\n1 2\n2 3\n3 1\n',
});
const matrix = files.path('a.mtx');

describe.skipIf(noGpuReason !== undefined)('semiforge spmv on the GPU', () => {
  it('FILE --x ones --verify --json -o: every product checked, y written as the CPU has it', async () => {
    const out = files.path('y.txt');
    const run = await runCli(['spmv', matrix, '--x', 'ones', '--runs', '3', '--verify', '--json', '-o', out]);
    expect(run.code, run.stderr).toBe(0);
    const s = JSON.parse(run.stdout) as SpmvSummary;
    expect(s).toMatchObject({ command: 'spmv', rows: 4, nonzeros: 6, semiring: 'plus-times', type: 'f32', chosen: true, x: 'ones', verification: { ok: true }, output: out });
    expect(s.runs).toHaveLength(3);
    const y = (await readFile(out, 'utf8')).trim().split('\n').map(Number);
    expect(y).toEqual([5.5, 3, -2, 0]);
    expect(run.stderr).toMatch(/verified against the CPU: yes/);
  });

  it.each(['csr-scalar', 'csr-vector', 'ell', 'csr-merge', 'sell', 'fold', 'csr-stream'])('--format %s --semiring min-plus: the format asked for, y as the CPU has it', async (format) => {
    const out = files.path(`y-${format}.txt`);
    const run = await runCli(['spmv', matrix, '--format', format, '--semiring', 'min-plus', '--runs', '1', '--seed', '7', '--verify', '--json', '-o', out]);
    expect(run.code, run.stderr).toBe(0);
    const s = JSON.parse(run.stdout) as SpmvSummary;
    expect(s).toMatchObject({ format, chosen: false, semiring: 'min-plus', verification: { ok: true } });
    // min-plus over an empty row is its zero, +∞.
    const y = (await readFile(out, 'utf8')).trim().split('\n').map(Number);
    expect(y[3]).toBe(Infinity);
  });

  it('-g SCALE: the Kronecker matrix with its weights, a table of the runs on stdout', async () => {
    const run = await runCli(['spmv', '-g', '6', '--seed', '3', '--runs', '2', '--verify']);
    expect(run.code, run.stderr).toBe(0);
    const [header, ...rows] = run.stdout.trim().split('\n');
    expect(header).toMatch(/^run\s+time\s+GFLOP\/s$/);
    expect(rows).toHaveLength(2);
    const csr = csrFromEdges(generateKronecker({ scale: 6, seed: 3, weights: true }), { symmetrize: true, sortRows: true });
    expect(run.stderr).toContain(`64 rows, ${csr.indices.length} nonzeros`);
  });

  it('or-and on a pattern: u32, the type the semiring has, each nonzero its one; exact', async () => {
    const out = files.path('y-or.txt');
    const run = await runCli(['spmv', files.path('p.mtx'), '--semiring', 'or-and', '--x', 'ones', '--verify', '--json', '-o', out]);
    expect(run.code, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout) as SpmvSummary).toMatchObject({ semiring: 'or-and', type: 'u32', verification: { ok: true } });
    expect((await readFile(out, 'utf8')).trim().split('\n').map(Number)).toEqual([1, 1, 1]);
  });
});

describe('semiforge spmv refuses bad input in one line', () => {
  it.each([
    [['spmv'], 2, /spmv needs a graph: a FILE .* or -g SCALE/],
    [['spmv', matrix, '-g', '5'], 2, /give a FILE or -g SCALE, not both/],
    [['spmv', matrix, '--format', 'coo'], 2, /--format coo: must be one of auto, csr-scalar, csr-vector, ell, csr-merge, sell, fold, csr-stream/],
    [['spmv', matrix, '--runs', '0'], 2, /--runs 0: out of range 1..1000; runs are the products timed/],
    [['spmv', matrix, '--x', 'zeros'], 2, /--x zeros: must be one of ones, random/],
    [['spmv', matrix, '--semiring', 'nope'], 1, /unknown semiring 'nope' \(known: .*plus-times/],
    [['spmv', files.path('rect.mtx')], 1, /rect\.mtx:2:\d+: matrix is 3x4 but a graph needs a square matrix/],
    [['spmv', matrix, '--semiring', 'or-and'], 1, /spmv matrix weights: element 1 = -1 is not a u32 \(an integer in 0\.\.4294967295\)/],
    // Refused before the matrix is read or a device opens, not after the products ("cannot read" it said then).
    [['spmv', matrix, '-o', files.path('no-such-dir/y.txt')], 1, /^semiforge: cannot write '.*no-such-dir\/y\.txt': no such file or directory$/],
  ])('%j', async (argv, code, message) => {
    const run = await runCli(argv);
    expect(run.code).toBe(code);
    expect(run.stderr.split('\n')[0]).toMatch(message);
    expect(run.stdout).toBe('');
  });
});
