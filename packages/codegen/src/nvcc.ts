import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export interface NvccResult {
  /** false when nvcc is not on PATH; `reason` says so. */
  readonly available: boolean;
  readonly ok: boolean;
  readonly log: string;
  readonly reason?: string;
}

/** Finds nvcc on PATH (or $NVCC); undefined when absent. */
export async function findNvcc(): Promise<string | undefined> {
  const candidate = process.env.NVCC ?? 'nvcc';
  try {
    await run(candidate, ['--version']);
    return candidate;
  } catch {
    return undefined;
  }
}

/**
 * Compiles CUDA source to PTX for an architecture (default sm_90) to check it; the log names lines of the
 * generated source.
 * @example const r = await compileCudaToPtx(kernel.source); if (!r.ok) console.error(r.log);
 */
export async function compileCudaToPtx(source: string, arch = 'sm_90', name = 'kernel'): Promise<NvccResult> {
  const nvcc = await findNvcc();
  if (!nvcc) return { available: false, ok: false, log: '', reason: 'nvcc not found on PATH (set NVCC to its path)' };
  const dir = await mkdtemp(join(tmpdir(), 'semiforge-nvcc-'));
  try {
    const cu = join(dir, `${name}.cu`);
    await writeFile(cu, source);
    try {
      const { stderr } = await run(nvcc, ['-ptx', `-arch=${arch}`, '-o', join(dir, `${name}.ptx`), cu], { maxBuffer: 1 << 24 });
      return { available: true, ok: true, log: stderr };
    } catch (e) {
      const err = e as { stderr?: string; message: string };
      return { available: true, ok: false, log: err.stderr ?? err.message };
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
