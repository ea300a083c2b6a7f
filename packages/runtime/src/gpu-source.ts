import { dawnGpu, isNode } from './dawn.js';

/** Where a `GPU` object came from. */
export interface GpuSource {
  gpu: GPU;
  /** `navigator` in browsers (and Deno), `dawn` in Node. */
  kind: 'navigator' | 'dawn';
}

/**
 * The platform's WebGPU entry point: `navigator.gpu` when present, else Dawn for Node, loaded on demand.
 * Returns undefined when neither exists.
 */
export async function platformGpu(dawnFlags: readonly string[] = []): Promise<GpuSource | undefined> {
  const fromNavigator = (globalThis as { navigator?: { gpu?: GPU } }).navigator?.gpu;
  if (fromNavigator !== undefined) return { gpu: fromNavigator, kind: 'navigator' };
  if (isNode()) return { gpu: await dawnGpu(dawnFlags), kind: 'dawn' };
  return undefined;
}
