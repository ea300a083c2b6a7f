import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where compiled kernels are kept: `$SEMIFORGE_CUDA_CACHE`, else `$XDG_CACHE_HOME/semiforge/cuda`, else
 * `~/.cache/semiforge/cuda`.
 *
 * @example
 * cubinCacheDir({ SEMIFORGE_CUDA_CACHE: '/scratch/cubins' }); // '/scratch/cubins'
 */
export function cubinCacheDir(env: Readonly<Record<string, string | undefined>> = process.env): string {
  if (env.SEMIFORGE_CUDA_CACHE) return env.SEMIFORGE_CUDA_CACHE;
  return join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'semiforge', 'cuda');
}

/** What a cubin depends on. */
export interface CubinKeyParts {
  /** The generated kernel's name (it ends in the spec's id). */
  readonly kernelName: string;
  /** e.g. `sm_90a`. */
  readonly arch: string;
  /** e.g. `nvcc 13.0.88` or `nvrtc 13.0`. */
  readonly compiler: string;
  /** The CUDA source: a template change keeps the spec's id but changes the text, so it is part of the key. */
  readonly source: string;
}

/**
 * The cache file name of a cubin: readable name and architecture, then a hash of the compiler version and
 * the source. Pure.
 *
 * @example
 * cubinCacheKey({ kernelName: 'fw_update__min_plus_f32__…__cuda__4841723c9f79', arch: 'sm_90a', compiler: 'nvcc 13.0.88', source });
 * // 'fw_update__min_plus_f32__…__cuda__4841723c9f79.sm_90a.1f0c…(16 hex).cubin'
 */
export function cubinCacheKey(parts: CubinKeyParts): string {
  const hash = createHash('sha256').update(parts.compiler).update('\0').update(parts.source).digest('hex').slice(0, 16);
  return `${parts.kernelName}.${parts.arch}.${hash}.cubin`;
}

/** A directory of cubins; reads miss quietly, writes are atomic (a rename), so concurrent processes are safe. */
export class CubinCache {
  constructor(readonly dir: string = cubinCacheDir()) {}

  path(parts: CubinKeyParts): string {
    return join(this.dir, cubinCacheKey(parts));
  }

  async get(parts: CubinKeyParts): Promise<Uint8Array | undefined> {
    try {
      return new Uint8Array(await readFile(this.path(parts)));
    } catch {
      return undefined;
    }
  }

  /** Stores a cubin; an unwritable cache only costs a recompile next time, so failures are returned, not thrown. */
  async put(parts: CubinKeyParts, cubin: Uint8Array): Promise<Error | undefined> {
    const file = this.path(parts);
    const tmp = `${file}.${process.pid}.tmp`;
    try {
      await mkdir(this.dir, { recursive: true });
      await writeFile(tmp, cubin);
      await rename(tmp, file);
      return undefined;
    } catch (e) {
      return e as Error;
    }
  }
}
