import { describe, expect, it } from 'vitest';
import { runCli } from './run-cli.js';

describe('semiforge semirings', () => {
  it('lists min-plus with its types and idempotence', async () => {
    const run = await runCli(['semirings']);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^NAME\s+TYPES\s+IDEMPOTENT/);
    expect(run.stdout).toMatch(/^min-plus\s+f32,i32,u32\s+yes\s+/m);
    expect(run.stdout).toMatch(/^plus-times\s+\S+\s+no\s+/m);
  });

  it('--json parses', async () => {
    const run = await runCli(['semirings', '--json']);
    const { semirings } = JSON.parse(run.stdout);
    expect(semirings.find((s: { name: string }) => s.name === 'min-plus')).toMatchObject({ types: ['f32', 'i32', 'u32'], idempotent: true });
  });
});
