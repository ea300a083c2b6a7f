// Consumers of the published declarations see WebGPU's types (GPUDevice, GPUBuffer…) through this line:
// without it they resolve to nothing and every GPU type in the API reads as any.
/// <reference types="@webgpu/types" preserve="true" />
export { listAdapters, selectAdapter, adapterFilter, type AdapterOptions, type SelectedAdapter } from './adapters.js';
export { adapterMatches, adapterSummary, describeAdapter, limitsRecord, type AdapterDescription } from './adapter-info.js';
export type { BufferKind } from './buffers.js';
export { REQUESTED_LIMITS, OPTIONAL_FEATURES } from './device-limits.js';
export { BufferUsage, MapMode } from './gpu-flags.js';
export { Device, type DeviceDescription } from './device.js';
export {
  DispatchBatch,
  type BatchOptions,
  type BatchResult,
  type QueuedBatch,
  type BufferBindings,
  type DispatchArgs,
  type IndirectDispatchArgs,
  type Workgroups,
} from './dispatch-batch.js';
export {
  BindingError,
  DeviceLostError,
  GpuOutOfMemoryError,
  GpuValidationError,
  LimitError,
  MissingFeatureError,
  NoAdapterError,
  SemiforgeGpuError,
  ShaderCompileError,
  type CompilationMessage,
  type GpuErrorContext,
} from './errors.js';
export type { ComputeKernel, KernelBinding } from './kernel.js';
export type { KernelLayout } from './kernel-layout.js';
export { storageBindingCount } from './kernel-layout.js';
export { openDevice, type OpenDeviceOptions } from './open-device.js';
export { errorScoped, withErrorScopes, withScopeErrors } from './error-scopes.js';
export { PARAMS_BLOCK_BYTES } from './params-arena.js';
export type { KernelPipeline } from './pipeline-cache.js';
export type { TypedArray, TypedArrayConstructor } from './typed-arrays.js';
