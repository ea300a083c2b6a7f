/**
 * Typed errors of the runtime. Each one names the input, the limit and the way out, and carries the same
 * facts as fields so that callers (the CLI, the autotuner) can react without parsing messages.
 *
 * @example
 * ```ts
 * try {
 *   await device.createBuffer('dist', n * n * 4, 'storage');
 * } catch (error) {
 *   if (error instanceof LimitError) console.error(`${error.limit}: ${error.requested} > ${error.allowed}`);
 *   else throw error;
 * }
 * ```
 */

/** What the runtime was doing when an error happened; copied onto every error that has one. */
export interface GpuErrorContext {
  /** The runtime operation, e.g. `createBuffer`, `pipeline`, `submit`, `read`. */
  operation: string;
  kernelId?: string;
  kernelName?: string;
  /** The label of the buffer or batch involved. */
  label?: string;
  /** Byte size of the buffer or transfer involved. */
  byteLength?: number;
}

/** One message of WGSL compilation, with 1-based line and column (0 when the compiler gave none). */
export interface CompilationMessage {
  type: 'error' | 'warning' | 'info';
  message: string;
  line: number;
  column: number;
}

/** Base class of every error the runtime throws on purpose. */
export class SemiforgeGpuError extends Error {
  override name = 'SemiforgeGpuError';
}

/** No WebGPU adapter was found, or none matched the requested name. */
export class NoAdapterError extends SemiforgeGpuError {
  override name = 'NoAdapterError';
  /** The adapter filter asked for (option `adapter` or `SEMIFORGE_ADAPTER`), if any. */
  readonly requested: string | undefined;
  /** One line per adapter that was seen, e.g. `mesa software llvmpipe (vulkan)`. */
  readonly seen: readonly string[];

  constructor(requested: string | undefined, seen: readonly string[], hint: string) {
    const wanted = requested === undefined ? 'No WebGPU adapter found' : `No WebGPU adapter matches "${requested}"`;
    const list = seen.length > 0 ? `; adapters seen:\n  - ${seen.join('\n  - ')}\n` : ' (none seen). ';
    super(`${wanted}${list}${hint}`);
    this.requested = requested;
    this.seen = seen;
  }
}

/** The adapter lacks a feature that `openDevice({ requiredFeatures })` asked for. */
export class MissingFeatureError extends SemiforgeGpuError {
  override name = 'MissingFeatureError';
  readonly missing: readonly string[];
  readonly adapter: string;

  constructor(missing: readonly string[], adapter: string) {
    super(
      `Adapter ${adapter} lacks the feature(s) ${missing.join(', ')}; ` +
        'choose another adapter (SEMIFORGE_ADAPTER) or generate kernels that do not need them.',
    );
    this.missing = missing;
    this.adapter = adapter;
  }
}

/** A request exceeds a device limit. `requested` and `allowed` are in the limit's own unit. */
export class LimitError extends SemiforgeGpuError {
  override name = 'LimitError';
  /** The WebGPU limit name, e.g. `maxStorageBufferBindingSize`. */
  readonly limit: string;
  readonly requested: number;
  readonly allowed: number;
  /** What asked for it, e.g. `buffer "dist"` or `kernel fw_update__...`. */
  readonly subject: string;
  readonly kernelId: string | undefined;
  readonly kernelName: string | undefined;

  constructor(fields: {
    limit: string;
    requested: number;
    allowed: number;
    subject: string;
    wayOut: string;
    kernelId?: string;
    kernelName?: string;
  }) {
    super(
      `${fields.subject} needs ${fields.requested} for ${fields.limit}, ` +
        `but this device allows ${fields.allowed}; ${fields.wayOut}`,
    );
    this.limit = fields.limit;
    this.requested = fields.requested;
    this.allowed = fields.allowed;
    this.subject = fields.subject;
    this.kernelId = fields.kernelId;
    this.kernelName = fields.kernelName;
  }
}

/** WGSL compilation reported at least one error. `messages` holds all messages, warnings included. */
export class ShaderCompileError extends SemiforgeGpuError {
  override name = 'ShaderCompileError';
  readonly kernelId: string;
  readonly kernelName: string;
  readonly messages: readonly CompilationMessage[];

  constructor(kernelId: string, kernelName: string, messages: readonly CompilationMessage[], source: string) {
    const lines = source.split('\n');
    const shown = messages
      .filter((m) => m.type === 'error')
      .map((m) => {
        const text = lines[m.line - 1];
        const excerpt = text === undefined ? '' : `\n    ${text.trim()}`;
        return `  line ${m.line}:${m.column}: ${m.message}${excerpt}`;
      });
    super(`WGSL of kernel ${kernelName} (id ${kernelId}) does not compile:\n${shown.join('\n')}`);
    this.kernelId = kernelId;
    this.kernelName = kernelName;
    this.messages = messages;
  }
}

/** Fields shared by the errors that wrap a WebGPU error scope result. */
abstract class ScopedGpuError extends SemiforgeGpuError {
  readonly operation: string;
  readonly kernelId: string | undefined;
  readonly kernelName: string | undefined;
  readonly label: string | undefined;
  readonly byteLength: number | undefined;
  /** The message WebGPU gave, unchanged. */
  readonly gpuMessage: string;

  constructor(what: string, context: GpuErrorContext, gpuMessage: string, wayOut: string) {
    super(`${what} during ${describeContext(context)}: ${gpuMessage.trim()}${wayOut}`);
    this.operation = context.operation;
    this.kernelId = context.kernelId;
    this.kernelName = context.kernelName;
    this.label = context.label;
    this.byteLength = context.byteLength;
    this.gpuMessage = gpuMessage;
  }
}

/** WebGPU rejected a call as invalid (a runtime or kernel bug, not a user input problem). */
export class GpuValidationError extends ScopedGpuError {
  override name = 'GpuValidationError';

  constructor(context: GpuErrorContext, gpuMessage: string) {
    super('WebGPU validation error', context, gpuMessage, '');
  }
}

/** The device ran out of memory. */
export class GpuOutOfMemoryError extends ScopedGpuError {
  override name = 'GpuOutOfMemoryError';

  constructor(context: GpuErrorContext, gpuMessage: string) {
    super(
      'GPU out of memory',
      context,
      gpuMessage,
      '\nFree buffers that are no longer needed, use a smaller input, or choose a device with more memory.',
    );
  }
}

/** A binding, parameter block or dispatch argument does not fit the kernel it is given to. */
export class BindingError extends SemiforgeGpuError {
  override name = 'BindingError';
  readonly kernelId: string;
  readonly kernelName: string;

  constructor(kernelId: string, kernelName: string, problem: string) {
    super(`Kernel ${kernelName} (id ${kernelId}): ${problem}`);
    this.kernelId = kernelId;
    this.kernelName = kernelName;
  }
}

/** The device was lost or destroyed; every pending and later operation on it fails with this error. */
export class DeviceLostError extends SemiforgeGpuError {
  override name = 'DeviceLostError';
  /** `destroyed` after `Device.destroy()`, `unknown` for a driver reset, a crash or a removed GPU. */
  readonly reason: 'destroyed' | 'unknown';
  readonly gpuMessage: string;
  /** The operation that observed the loss, if any. */
  readonly operation: string | undefined;

  constructor(reason: 'destroyed' | 'unknown', gpuMessage: string, operation?: string) {
    const during = operation === undefined ? '' : ` (during ${operation})`;
    const wayOut =
      reason === 'destroyed'
        ? 'open a new device with openDevice().'
        : 'open a new device with openDevice(); if it keeps happening, lower the work per submit (drivers reset GPUs that hang for seconds).';
    super(`GPU device ${reason === 'destroyed' ? 'was destroyed' : 'was lost'}${during}: ${gpuMessage || 'no details'}; ${wayOut}`);
    this.reason = reason;
    this.gpuMessage = gpuMessage;
    this.operation = operation;
  }
}

function describeContext(context: GpuErrorContext): string {
  const parts = [context.operation];
  if (context.kernelName !== undefined) parts.push(`kernel ${context.kernelName}`);
  if (context.kernelId !== undefined) parts.push(`id ${context.kernelId}`);
  if (context.label !== undefined) parts.push(`"${context.label}"`);
  if (context.byteLength !== undefined) parts.push(`${context.byteLength} bytes`);
  return parts.join(', ');
}
