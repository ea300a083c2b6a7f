import { checkLimit } from './device-limits.js';
import { BindingError } from './errors.js';
import type { ComputeKernel, KernelBinding } from './kernel.js';

/** How a kernel's bindings are filled at dispatch time. */
export interface KernelLayout {
  /** The `uniform` binding that receives each dispatch's parameters, if the kernel has one. */
  readonly paramsBinding: KernelBinding | undefined;
  /** The other bindings, in the order of `kernel.bindings`: an array of buffers is matched to them in this order. */
  readonly bufferBindings: readonly KernelBinding[];
}

/** Splits and checks a kernel's bindings: unique numbers and names, at most one uniform. */
export function kernelLayout(kernel: ComputeKernel): KernelLayout {
  const numbers = new Set<number>();
  const names = new Set<string>();
  for (const binding of kernel.bindings) {
    if (numbers.has(binding.binding)) throw new BindingError(kernel.id, kernel.name, `binding ${binding.binding} is declared twice`);
    if (names.has(binding.name)) throw new BindingError(kernel.id, kernel.name, `binding name "${binding.name}" is used twice`);
    numbers.add(binding.binding);
    names.add(binding.name);
  }
  const uniforms = kernel.bindings.filter((binding) => binding.kind === 'uniform');
  if (uniforms.length > 1) {
    throw new BindingError(
      kernel.id,
      kernel.name,
      `has ${uniforms.length} uniform bindings (${uniforms.map((u) => u.name).join(', ')}); the runtime fills exactly one, the per-dispatch parameter block`,
    );
  }
  return { paramsBinding: uniforms[0], bufferBindings: kernel.bindings.filter((binding) => binding.kind !== 'uniform') };
}

/**
 * Storage buffers a kernel binds (its parameter block is a uniform): what `maxStorageBuffersPerShaderStage` counts,
 * for a plan choosing a kernel variant that fits the device.
 *
 * @example
 * storageBindingCount(kernel) <= device.limits.maxStorageBuffersPerShaderStage;
 */
export function storageBindingCount(kernel: Pick<ComputeKernel, 'bindings'>): number {
  return kernel.bindings.filter((binding) => binding.kind !== 'uniform').length;
}

/** Checks a kernel's workgroup shape, workgroup memory and storage bindings against the device's limits. */
export function checkKernelLimits(kernel: ComputeKernel, limits: GPUSupportedLimits): void {
  const subject = `kernel ${kernel.name}`;
  const [x, y, z] = kernel.workgroupSize;
  checkLimit('maxComputeWorkgroupSizeX', x, limits.maxComputeWorkgroupSizeX, subject, kernel);
  checkLimit('maxComputeWorkgroupSizeY', y, limits.maxComputeWorkgroupSizeY, subject, kernel);
  checkLimit('maxComputeWorkgroupSizeZ', z, limits.maxComputeWorkgroupSizeZ, subject, kernel);
  checkLimit('maxComputeInvocationsPerWorkgroup', x * y * z, limits.maxComputeInvocationsPerWorkgroup, subject, kernel);
  checkLimit('maxComputeWorkgroupStorageSize', kernel.workgroupStorageBytes, limits.maxComputeWorkgroupStorageSize, subject, kernel);
  checkLimit('maxStorageBuffersPerShaderStage', storageBindingCount(kernel), limits.maxStorageBuffersPerShaderStage, subject, kernel);
}
