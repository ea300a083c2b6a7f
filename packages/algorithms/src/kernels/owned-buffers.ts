/** Records a buffer as made (so that it is freed if a later step fails) and returns it. */
export type Keep<B> = <X extends B>(buffer: X) => X;

/**
 * Makes a runner's buffers through `make`, which passes each through `keep` as it is made; if a step throws
 * (a device out of memory, a limit), every buffer kept so far is freed by `free` before the error goes on, so
 * a failed `create` leaks nothing. Returns what `make` returns and the buffers kept, for the runner to free.
 * The one pattern of every runner on either backend (WebGPU buffers, CUDA allocations).
 *
 * @example
 * const [work, own] = await ownedBuffers((b: GPUBuffer) => b.destroy(), async (keep) => ({
 *   x: keep(await device.createBuffer('x', 4 * n, 'storage')),
 *   y: keep(await device.createBuffer('y', 4 * n, 'storage')),
 * }));
 */
export async function ownedBuffers<B, T>(free: (buffer: B) => void, make: (keep: Keep<B>) => T | Promise<T>): Promise<[T, B[]]> {
  const own: B[] = [];
  const keep: Keep<B> = (buffer) => {
    own.push(buffer);
    return buffer;
  };
  try {
    return [await make(keep), own];
  } catch (e) {
    for (const b of own) free(b);
    throw e;
  }
}
