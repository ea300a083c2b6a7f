import { withErrorScopes } from './error-scopes.js';
import {
  GpuValidationError,
  SemiforgeGpuError,
  ShaderCompileError,
  type CompilationMessage,
  type GpuErrorContext,
} from './errors.js';
import { ShaderStage } from './gpu-flags.js';
import type { ComputeKernel } from './kernel.js';
import { checkKernelLimits, kernelLayout, type KernelLayout } from './kernel-layout.js';
import type { RuntimeContext } from './runtime-context.js';

/** A kernel compiled for one device: what a dispatch needs. */
export interface KernelPipeline extends KernelLayout {
  readonly kernel: ComputeKernel;
  readonly pipeline: GPUComputePipeline;
  readonly bindGroupLayout: GPUBindGroupLayout;
}

interface CacheEntry {
  source: string;
  pipeline: Promise<KernelPipeline>;
  /** The pipeline once compiled, for callers that must not wait on a promise for it (see `ready`). */
  compiled?: KernelPipeline;
}

/** Compiles each kernel once per device, keyed by `kernel.id`; concurrent requests share one compilation. */
export class PipelineCache {
  readonly #context: RuntimeContext;
  readonly #entries = new Map<string, CacheEntry>();

  constructor(context: RuntimeContext) {
    this.#context = context;
  }

  get size(): number {
    return this.#entries.size;
  }

  /** The pipeline of `kernel`, compiled on first request. */
  get(kernel: ComputeKernel): Promise<KernelPipeline> {
    try {
      this.#context.watch.throwIfLost('pipeline');
    } catch (error) {
      return Promise.reject(error);
    }
    const cached = this.#entries.get(kernel.id);
    if (cached !== undefined) {
      if (cached.source === kernel.source) return cached.pipeline;
      return Promise.reject(
        new SemiforgeGpuError(
          `Kernel id ${kernel.id} (${kernel.name}) was used with two different sources; ids must be derived from the whole spec.`,
        ),
      );
    }
    const pipeline = this.#build(kernel);
    const entry: CacheEntry = { source: kernel.source, pipeline };
    this.#entries.set(kernel.id, entry);
    pipeline.then(
      (compiled) => {
        entry.compiled = compiled;
      },
      // A failed compilation is not cached: the caller sees the error, and a later request tries again.
      () => {
        if (this.#entries.get(kernel.id) === entry) this.#entries.delete(kernel.id);
      },
    );
    return pipeline;
  }

  /**
   * The pipeline of `kernel` if it is compiled already, else undefined (then `get` it): a batch takes it as it
   * is, so that its submit need not wait on a promise, and yield to the event loop, for every kernel it runs.
   */
  ready(kernel: ComputeKernel): KernelPipeline | undefined {
    const cached = this.#entries.get(kernel.id);
    return cached?.source === kernel.source ? cached.compiled : undefined;
  }

  /** The WGSL compiler's messages for `kernel` (errors, warnings, info), without building a pipeline. */
  async compile(kernel: ComputeKernel): Promise<CompilationMessage[]> {
    const { messages } = await this.#compileModule(kernel);
    return messages;
  }

  clear(): void {
    this.#entries.clear();
  }

  async #build(kernel: ComputeKernel): Promise<KernelPipeline> {
    const gpu = this.#context.gpu;
    const layout = kernelLayout(kernel);
    checkKernelLimits(kernel, gpu.limits);
    const { module, messages, scopeError } = await this.#compileModule(kernel);
    if (messages.some((message) => message.type === 'error')) {
      throw new ShaderCompileError(kernel.id, kernel.name, messages, kernel.source);
    }
    if (scopeError !== undefined) throw scopeError;

    const context: GpuErrorContext = { operation: 'pipeline', kernelId: kernel.id, kernelName: kernel.name };
    const bindGroupLayout = await withErrorScopes(gpu, context, () =>
      gpu.createBindGroupLayout({
        label: kernel.name,
        entries: kernel.bindings.map((binding) => ({
          binding: binding.binding,
          visibility: ShaderStage.COMPUTE,
          // The parameter block is one shared buffer per batch; each dispatch selects its slot by dynamic offset.
          buffer: { type: binding.kind, hasDynamicOffset: binding.kind === 'uniform' },
        })),
      }),
    );
    const pipelineLayout = await withErrorScopes(gpu, context, () =>
      gpu.createPipelineLayout({ label: kernel.name, bindGroupLayouts: [bindGroupLayout] }),
    );
    let pipeline: GPUComputePipeline;
    try {
      pipeline = await this.#context.watch.race(
        gpu.createComputePipelineAsync({ label: kernel.name, layout: pipelineLayout, compute: { module, entryPoint: kernel.entryPoint } }),
        'pipeline',
      );
    } catch (error) {
      // GPUPipelineError: the WGSL compiled, but its entry point or bindings do not match the kernel description.
      if (error instanceof Error && error.name === 'GPUPipelineError') throw new GpuValidationError(context, error.message);
      throw error;
    }
    return { kernel, pipeline, bindGroupLayout, ...layout };
  }

  async #compileModule(kernel: ComputeKernel): Promise<{
    module: GPUShaderModule;
    messages: CompilationMessage[];
    scopeError: GpuValidationError | undefined;
  }> {
    const gpu = this.#context.gpu;
    let module: GPUShaderModule | undefined;
    let scopeError: GpuValidationError | undefined;
    try {
      await withErrorScopes(gpu, { operation: 'compile', kernelId: kernel.id, kernelName: kernel.name }, () => {
        module = gpu.createShaderModule({ label: kernel.name, code: kernel.source });
      });
    } catch (error) {
      // A WGSL error also fails the scope; the compilation messages below describe it better.
      if (!(error instanceof GpuValidationError)) throw error;
      scopeError = error;
    }
    if (module === undefined) throw scopeError ?? new SemiforgeGpuError(`Kernel ${kernel.name}: no shader module was created`);
    const info = await this.#context.watch.race(module.getCompilationInfo(), 'compile');
    const messages = info.messages.map((message) => ({
      type: message.type,
      message: message.message,
      line: message.lineNum,
      column: message.linePos,
    }));
    return { module, messages, scopeError };
  }
}
