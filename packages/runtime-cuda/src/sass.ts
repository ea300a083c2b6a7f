import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** cuobjdump, looked for beside nvcc: `$CUOBJDUMP`, PATH, `$CUDA_HOME/bin`, /usr/local/cuda/bin; undefined when absent. */
export async function findCuobjdump(env: Readonly<Record<string, string | undefined>> = process.env): Promise<string | undefined> {
  const homes = [env.CUDA_HOME, env.CUDA_PATH, '/usr/local/cuda'].filter((h): h is string => !!h);
  for (const path of [...(env.CUOBJDUMP ? [env.CUOBJDUMP] : []), 'cuobjdump', ...homes.map((h) => join(h, 'bin', 'cuobjdump'))]) {
    try {
      await run(path, ['--version']);
      return path;
    } catch {
      // not this one
    }
  }
  return undefined;
}

/**
 * The SASS of a cubin (`cuobjdump -sass`), to confirm what the hardware runs, e.g. that DPX relaxations
 * became VIADDMNMX.
 *
 * @example
 * const sass = await disassemble(cuobjdump, cubin);
 * (sass.match(/VIADDMNMX/g) ?? []).length;
 */
export async function disassemble(cuobjdump: string, cubin: Uint8Array): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'semiforge-sass-'));
  try {
    const file = join(dir, 'kernel.cubin');
    await writeFile(file, cubin);
    const { stdout } = await run(cuobjdump, ['-sass', file], { maxBuffer: 1 << 26 });
    return stdout;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** How many instructions of each mnemonic (without modifiers) a SASS listing holds. */
export function countSass(sass: string, mnemonics: readonly string[]): Record<string, number> {
  return Object.fromEntries(mnemonics.map((m) => [m, (sass.match(new RegExp(`\\b${m}\\b`, 'g')) ?? []).length]));
}
