import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { noGpuReason } from './test-device.js';

const script = fileURLToPath(new URL('./fixtures/run-and-exit.ts', import.meta.url));

describe.skipIf(noGpuReason !== undefined)('a Node process using the runtime', () => {
  it.each([['after destroy()', ['--destroy']], ['with the device left open', []]])('exits on its own %s', (_, args) => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { encoding: 'utf8', timeout: 30_000 });
    expect(run.signal, `killed after 30 s; stderr:\n${run.stderr}`).toBeNull();
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.trim()).toBe('2,3,4');
  });
});
