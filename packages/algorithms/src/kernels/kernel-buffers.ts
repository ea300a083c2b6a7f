/** A kernel's binding as the runners see it: its name, and whether it is a buffer (uniforms are passed as params). */
interface Binding {
  readonly name: string;
  readonly kind: string;
}

/**
 * The buffers a kernel binds, by binding name, each found by `source` (the pool's name for the binding): the
 * one filter every runner applies, on either backend (WebGPU buffers or CUDA device buffers).
 *
 * @example
 * const buffers = kernelBuffers(kernel.bindings, (name) => pool[name]);
 * batch.dispatch(kernel, { buffers, params, workgroups });
 */
export function kernelBuffers<B>(bindings: readonly Binding[], source: (name: string) => B): Record<string, B> {
  return Object.fromEntries(bindings.filter((b) => b.kind !== 'uniform').map((b) => [b.name, source(b.name)]));
}
