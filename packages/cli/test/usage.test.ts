import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliRun } from './run-cli.js';

// Every case here fails before a device is opened: no GPU needed.

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'semiforge-cli-'));
  await writeFile(join(dir, 'bad.gr'), 'c a comment\np sp 3 2\na 1 2 5\na 2 x 1\n');
  await writeFile(join(dir, 'half.wel'), '0 1 2.5\n1 2 1\n');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** One `semiforge: ...` line, optionally a `hint: ...` line, nothing on stdout, no stack trace. */
function expectOneLineError(run: CliRun, code: number, message: string | RegExp): void {
  expect(run.code).toBe(code);
  expect(run.stdout).toBe('');
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines[0]).toMatch(/^semiforge: /);
  expect(lines[0]).toMatch(message);
  expect(lines.slice(1).every((l) => l.startsWith('hint: '))).toBe(true);
  expect(run.stderr).not.toMatch(/^\s+at /m);
}

describe('usage errors exit 2 with one line naming flag, value and rule', () => {
  it.each([
    [['apsp', '-g', '40', '--tile', 'abc'], '--tile abc: not an integer; the tile must be a power of two from 8 to 256'],
    [['apsp', '-g', '40', '--type', 'f64'], '--type f64: must be one of f32, i32, u32'],
    [['apsp', '-g', '40', '--method', 'c'], '--method c: must be one of a, b, plain'],
    [['apsp', '-g', 'ten'], '--generate ten: not an integer'],
    [['apsp', '-g', '40', '--unroll', '9'], '--unroll 9: out of range 1..8'],
    [['apsp', '-g', '40', '-n', '0'], '--trials 0: out of range 1..1000'],
    [['apsp'], 'apsp needs a graph: a FILE (.gr, .mtx, .el, .wel, .txt, optionally .gz, or .sfg) or --generate N'],
    [['apsp', 'g.gr', '-g', '10'], 'give a FILE or --generate N, not both'],
    [['apsp', 'graph.xyz'], 'graph.xyz: unknown graph format'],
    [['apsp', '-g', '10', '--out', 'd.txt'], '--out d.txt: unknown extension'],
    [['apsp', '-g', '10', '--path', '3'], '--path 3: takes exactly two vertices U V'],
    [['apsp', '-g', '10', '--path', '0', '10'], '--path: vertex 10 is out of range 0..9'],
    [['apsp', '-g', '10', '--semiring', 'plus-times'], '--semiring plus-times: its ⊕ is not idempotent'],
    [['apsp', '-g', '10', '--semiring', 'or-and'], "--type f32: semiring 'or-and' is defined for u32 only"],
    [['apsp', '-g', '10', '--frobnicate'], "unknown option '--frobnicate'"],
    [['codegen', '--workgroup', '64x64'], '--workgroup 64x64: 64×64 = 4096 threads'],
    [['codegen', '--op', 'fw_nothing'], '--op fw_nothing: must be one of fw_pivot, fw_panel_row, fw_panel_col, fw_update, fw_plain'],
    [['codegen', '--target', 'metal'], '--target metal: must be one of wgsl, cuda'],
    [['frobnicate'], "unknown command 'frobnicate'"],
  ])('semiforge %j', async (argv, message) => {
    const run = await runCli(argv);
    expectOneLineError(run, 2, message);
    expect(run.stderr).toMatch(/^hint: run 'semiforge .*--help' for usage$/m);
  });
});

describe('input errors exit 1', () => {
  it('a malformed file names file:line:column and the rule', async () => {
    const run = await runCli(['apsp', join(dir, 'bad.gr')]);
    expectOneLineError(run, 1, `semiforge: ${join(dir, 'bad.gr')}:4:5: arc head 'x' is not an integer`);
  });

  it('a missing file says so', async () => {
    const run = await runCli(['apsp', join(dir, 'missing.gr')]);
    expectOneLineError(run, 1, `cannot read '${join(dir, 'missing.gr')}': no such file or directory`);
  });

  it('an unknown semiring lists the known ones', async () => {
    const run = await runCli(['apsp', '-g', '10', '--semiring', 'min-max']);
    expectOneLineError(run, 1, "unknown semiring 'min-max' (known: min-plus, plus-times, max-min, or-and)");
  });

  it('integer types refuse fractional weights, naming the arc and the way out', async () => {
    const run = await runCli(['apsp', join(dir, 'half.wel'), '--type', 'i32']);
    expectOneLineError(run, 1, '--type i32 needs integer arc weights in -2147483647..2147483646, but arc 0 (0 → 1) weighs 2.5');
    expect(run.stderr).toContain('hint: use --type f32');
  });

  it('an impossible kernel spec is a SpecError naming the parameter', async () => {
    const run = await runCli(['codegen', '--tile', '8', '--unroll', '8', '--workgroup', '2x2']);
    expectOneLineError(run, 1, 'KernelSpec.tile: 8 is not a multiple of the 16 rows a workgroup computes');
  });

  it('prints the stack trace only with SEMIFORGE_DEBUG=1', async () => {
    const run = await runCli(['apsp', join(dir, 'bad.gr')], { SEMIFORGE_DEBUG: '1' });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/^GraphParseError: /m);
    expect(run.stderr).toMatch(/^\s+at /m);
  });
});

describe('help and version', () => {
  it('--help goes to stdout with the defaults and exits 0', async () => {
    const run = await runCli(['apsp', '--help']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Usage: semiforge apsp [options] [FILE]');
    expect(run.stdout).toMatch(/--tile <t>[^]*\(default: 64, 128 from n = 4096\)/);
    expect(run.stdout).toMatch(/--seed <seed>.*\(default: 1\)/);
    expect(run.stderr).toBe('');
  });

  it('no command prints the help on stderr and exits 2', async () => {
    const run = await runCli([]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain('Commands:');
  });

  it('--version prints the package version', async () => {
    const run = await runCli(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
  });
});
