import { execFileSync, spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { optionLines } from './suite-args.js';

const TSX = ['--import', 'tsx', '--conditions=source'];
const ROOT = { cwd: new URL('../..', import.meta.url), encoding: 'utf8' } as const;

describe("a suite's options at the shell", () => {
  it('lists each option with its short form, default and repetition', () => {
    expect(optionLines({ sizes: { type: 'string', default: 'small' }, quick: { type: 'boolean', short: 'q' }, out: { type: 'string', multiple: true, default: ['a'] } })).toEqual([
      '  --sizes <value>  (default "small")',
      '  -q, --quick',
      '  --out <value>  (default ["a"], repeatable)',
    ]);
  });

  it('--help lists the options; an unknown one is one line and exit code 2, not a stack trace', () => {
    const help = execFileSync(process.execPath, [...TSX, 'benchmarks/io/run.ts', '--help'], ROOT);
    expect(help).toMatch(/^usage: benchmarks\/io\/run.ts \[options\]/);
    const bad = spawnSync(process.execPath, [...TSX, 'benchmarks/io/run.ts', '--bogus'], ROOT);
    expect(bad.status).toBe(2);
    expect(bad.stderr.trim()).toBe("benchmarks/io/run.ts: Unknown option '--bogus'; see benchmarks/io/run.ts --help");
  });
});
