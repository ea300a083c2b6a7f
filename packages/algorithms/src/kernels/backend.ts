import type * as RuntimeCuda from '@semiforge/runtime-cuda';

/** Where an algorithm runs: WebGPU (Dawn; any GPU) or CUDA (NVIDIA, through `@semiforge/runtime-cuda`). */
export type Backend = 'webgpu' | 'cuda';

const BACKENDS: readonly Backend[] = ['webgpu', 'cuda'];

/**
 * The backend asked for: the option, else `$SEMIFORGE_BACKEND`, else `webgpu`. Throws on an unknown name.
 *
 * @example
 * chooseBackend(undefined, { SEMIFORGE_BACKEND: 'cuda' }); // 'cuda'
 */
export function chooseBackend(option: string | undefined, env: Readonly<Record<string, string | undefined>> = process.env): Backend {
  const value = option ?? env.SEMIFORGE_BACKEND ?? 'webgpu';
  if (!BACKENDS.includes(value as Backend)) {
    const from = option === undefined ? ' (from SEMIFORGE_BACKEND)' : '';
    throw new Error(`backend '${value}'${from} is not one of ${BACKENDS.join(', ')}`);
  }
  return value as Backend;
}

/**
 * `@semiforge/runtime-cuda`, loaded when the CUDA backend is first used: the algorithms do not depend on it,
 * so machines without it run WebGPU as before, and asking for CUDA there says what to install.
 */
export async function loadCudaRuntime(): Promise<typeof RuntimeCuda> {
  try {
    return await import('@semiforge/runtime-cuda');
  } catch (e) {
    const missing = (e as { code?: string }).code === 'ERR_MODULE_NOT_FOUND' || (e as { code?: string }).code === 'MODULE_NOT_FOUND';
    if (!missing) throw e;
    throw new Error(`backend 'cuda' needs the package @semiforge/runtime-cuda (and koffi): npm install @semiforge/runtime-cuda; or run with backend 'webgpu' (${(e as Error).message})`);
  }
}
