import { MissingFeatureError, LimitError } from './errors.js';

/**
 * Limits requested at the adapter's value instead of WebGPU's defaults: the defaults (128 MiB storage
 * bindings, 16 KiB workgroup memory, 256 invocations) are far below what graph kernels need and GPUs give.
 */
export const REQUESTED_LIMITS = [
  'maxBufferSize',
  'maxStorageBufferBindingSize',
  'maxUniformBufferBindingSize',
  'maxComputeWorkgroupStorageSize',
  'maxComputeInvocationsPerWorkgroup',
  'maxComputeWorkgroupSizeX',
  'maxComputeWorkgroupSizeY',
  'maxComputeWorkgroupSizeZ',
  'maxComputeWorkgroupsPerDimension',
  'maxStorageBuffersPerShaderStage',
  'maxUniformBuffersPerShaderStage',
  'maxBindingsPerBindGroup',
  'maxDynamicUniformBuffersPerPipelineLayout',
  'minUniformBufferOffsetAlignment',
  'minStorageBufferOffsetAlignment',
] as const;

/** Optional features enabled whenever the adapter has them. */
export const OPTIONAL_FEATURES: readonly GPUFeatureName[] = ['timestamp-query', 'subgroups', 'shader-f16'];

/** The `requiredLimits` of a device request: each requested limit at the adapter's value. */
export function requestedLimits(adapter: GPUAdapter): Record<string, number> {
  const limits: Record<string, number> = {};
  const supported = adapter.limits as unknown as Record<string, unknown>;
  for (const name of REQUESTED_LIMITS) {
    const value = supported[name];
    if (typeof value === 'number') limits[name] = value;
  }
  return limits;
}

/** The features to request: the optional ones present plus `required`; throws if a required one is missing. */
export function requestedFeatures(adapter: GPUAdapter, required: readonly GPUFeatureName[], adapterName: string): GPUFeatureName[] {
  const missing = required.filter((feature) => !adapter.features.has(feature));
  if (missing.length > 0) throw new MissingFeatureError(missing, adapterName);
  const optional = OPTIONAL_FEATURES.filter((feature) => adapter.features.has(feature));
  return [...new Set([...required, ...optional])];
}

const WAYS_OUT: Record<string, string> = {
  maxBufferSize: 'split the data over several buffers, use a smaller input, or choose an adapter with a larger limit (SEMIFORGE_ADAPTER).',
  maxStorageBufferBindingSize:
    'split the data over several buffers (e.g. row blocks), use a smaller input, or choose an adapter with a larger limit (SEMIFORGE_ADAPTER).',
  maxUniformBufferBindingSize: 'pass large data in a storage buffer instead of the parameter block.',
  maxComputeWorkgroupsPerDimension:
    'spread the grid over the y and z dimensions, or give each workgroup more work (a larger tile or more items per thread).',
  maxComputeInvocationsPerWorkgroup: 'choose a smaller workgroup size in the kernel spec.',
  maxComputeWorkgroupSizeX: 'choose a smaller workgroup size in the kernel spec.',
  maxComputeWorkgroupSizeY: 'choose a smaller workgroup size in the kernel spec.',
  maxComputeWorkgroupSizeZ: 'choose a smaller workgroup size in the kernel spec.',
  maxComputeWorkgroupStorageSize: 'choose a smaller tile or unroll in the kernel spec, or the f16 element type.',
  maxStorageBuffersPerShaderStage: 'use a kernel variant with fewer storage bindings.',
};

/**
 * Throws a {@link LimitError} when `requested` exceeds `allowed`. `subject` may be a function, so that a check
 * made for every dispatch builds its message only when it fails.
 */
export function checkLimit(
  limit: string,
  requested: number,
  allowed: number,
  subject: string | (() => string),
  kernel?: { id: string; name: string },
): void {
  if (requested <= allowed) return;
  throw new LimitError({
    limit,
    requested,
    allowed,
    subject: typeof subject === 'string' ? subject : subject(),
    wayOut: WAYS_OUT[limit] ?? 'choose an adapter with a larger limit (SEMIFORGE_ADAPTER).',
    ...(kernel === undefined ? {} : { kernelId: kernel.id, kernelName: kernel.name }),
  });
}
