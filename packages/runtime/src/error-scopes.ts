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
  const { result, errors } = errorScoped(device, context, action);
  await errors;
  return result;
}

/**
 * {@link withErrorScopes} for an action that queues GPU work: the scopes are popped at once, and `errors` settles
 * with what they caught. Await it together with that work ({@link withScopeErrors}), not before it: Dawn answers
 * a popped scope later than the GPU needs for small work (awaited first, the scopes added about 0.3 ms to every
 * timed submit's round trip on the H100). An action that throws still leaves the scope stack balanced.
 *
 * @example
 * const { errors } = errorScoped(gpu, { operation: 'submit', label: 'step' }, () => gpu.queue.submit([commands]));
 * await withScopeErrors(errors, gpu.queue.onSubmittedWorkDone());
 */
export function errorScoped<T>(device: GPUDevice, context: GpuErrorContext, action: () => T): { result: T; errors: Promise<void> } {
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  let result: T;
  try {
    result = action();
  } catch (thrown) {
    // A scope's error says more than the JavaScript one it caused (a descriptor refused, memory out).
    return { result: undefined as T, errors: popBoth(device, context).then(() => Promise.reject(thrown)) };
  }
  return { result, errors: popBoth(device, context) };
}

/**
 * Waits for `work` and for the scopes' verdict together; a scope's error wins over the work's own failure, which
 * it usually caused.
 */
export async function withScopeErrors<T>(errors: Promise<void>, work: Promise<T>): Promise<T> {
  const [scopes, done] = await Promise.allSettled([errors, work]);
  if (scopes.status === 'rejected') throw scopes.reason;
  if (done.status === 'rejected') throw done.reason;
  return done.value;
}

/** Pops both scopes now (so that nothing pushed meanwhile can pair with them) and reads their verdicts. */
async function popBoth(device: GPUDevice, context: GpuErrorContext): Promise<void> {
  const validationPopped = device.popErrorScope();
  const outOfMemoryPopped = device.popErrorScope();
  const [validation, outOfMemory] = await Promise.all([validationPopped, outOfMemoryPopped]);
  if (outOfMemory !== null) throw new GpuOutOfMemoryError(context, outOfMemory.message);
  if (validation !== null) throw new GpuValidationError(context, validation.message);
}
