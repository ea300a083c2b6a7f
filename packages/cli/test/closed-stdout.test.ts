import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const bin = fileURLToPath(new URL('../src/bin.ts', import.meta.url));

describe('the semiforge process', () => {
  it('ends quietly with status 0 when its stdout reader has gone (semiforge … | head)', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--conditions=source', bin, 'semirings'], { stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(stderr).toBe('');
    expect(code).toBe(0);
  }, 60_000);
});
