import { GpuOutOfMemoryError, GpuValidationError, type GpuErrorContext } from './errors.js';

/**
 * Runs `action` inside WebGPU validation and out-of-memory error scopes and rethrows what they caught as
 * {@link GpuValidationError} or {@link GpuOutOfMemoryError} carrying `context` (kernel id, label, sizes).
 * Without scopes such errors would only reach the device's `uncapturederror` event, far from their cause.
 *
 * @example
 * await withErrorScopes(device.gpu, { operation: 'submit', label: 'bfs' }, () => device.gpu.queue.submit([encoder.finish()]));
 */
export async function withErrorScopes<T>(device: GPUDevice, context: GpuErrorContext, action: () => T): Promise<T> {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let result: T;
  try {
    result = action();
  } finally {
    // Pop both even when `action` threw, so the scope stack stays balanced.
    const validation = await device.popErrorScope();
    const outOfMemory = await device.popErrorScope();
    if (outOfMemory !== null) throw new GpuOutOfMemoryError(context, outOfMemory.message);
    if (validation !== null) throw new GpuValidationError(context, validation.message);
  }
  return result;
}
