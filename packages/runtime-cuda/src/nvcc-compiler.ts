import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { parseCompileLog } from './compile-diagnostics.js';
import { CudaCompileError } from './errors.js';

const run = promisify(execFile);

/** Compiles CUDA C++ to a cubin for one architecture. */
export interface CudaCompiler {
  readonly kind: 'nvcc' | 'nvrtc';
  /** Goes into the cache key, e.g. `nvcc 13.0.88`. */
  readonly version: string;
  /** Throws {@link CudaCompileError} with the source's line numbers. */
  compile(source: string, arch: string, kernelName: string): Promise<Uint8Array>;
}

/** Where nvcc is looked for, in order: `$NVCC`, PATH, `$CUDA_HOME/bin`, `$CUDA_PATH/bin`, /usr/local/cuda/bin. */
export function nvccCandidates(env: Readonly<Record<string, string | undefined>> = process.env): string[] {
  const homes = [env.CUDA_HOME, env.CUDA_PATH, '/usr/local/cuda'].filter((h): h is string => !!h);
  return [...(env.NVCC ? [env.NVCC] : []), 'nvcc', ...homes.map((h) => join(h, 'bin', 'nvcc'))];
}

/** `release 13.0, V13.0.88` → `nvcc 13.0.88`. */
export function nvccVersion(versionText: string): string {
  const m = /V(\d+\.\d+\.\d+)/.exec(versionText) ?? /release (\d+\.\d+)/.exec(versionText);
  return `nvcc ${m ? m[1] : 'unknown'}`;
}

/** nvcc, when one of {@link nvccCandidates} runs; undefined otherwise. */
export async function findNvcc(env: Readonly<Record<string, string | undefined>> = process.env): Promise<CudaCompiler | undefined> {
  for (const path of nvccCandidates(env)) {
    try {
      const { stdout } = await run(path, ['--version']);
      return nvccCompiler(path, nvccVersion(stdout));
    } catch {
      // not this one
    }
  }
  return undefined;
}

function nvccCompiler(path: string, version: string): CudaCompiler {
  return {
    kind: 'nvcc',
    version,
    async compile(source, arch, kernelName) {
      const dir = await mkdtemp(join(tmpdir(), 'semiforge-cubin-'));
      const cu = join(dir, `${kernelName.slice(0, 40)}.cu`);
      const out = join(dir, 'kernel.cubin');
      try {
        await writeFile(cu, source);
        try {
          await run(path, ['-cubin', `-arch=${arch}`, '-O3', '-o', out, cu], { maxBuffer: 1 << 24 });
        } catch (e) {
          const err = e as { stderr?: string; stdout?: string; message: string };
          const log = `${err.stdout ?? ''}${err.stderr ?? err.message}`;
          throw new CudaCompileError(kernelName, arch, parseCompileLog(log), source, log);
        }
        return new Uint8Array(await readFile(out));
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}
