/**
 * Typed errors of the CUDA backend. Each names what failed, the values involved and the way out, and keeps
 * them as fields so that callers (the CLI, benchmarks) can react without parsing messages.
 *
 * @example
 * ```ts
 * try {
 *   device.alloc(bytes, 'dist');
 * } catch (error) {
 *   if (error instanceof CudaOutOfMemoryError) console.error(`${error.requested} > ${error.free} free`);
 *   else throw error;
 * }
 * ```
 */

/** Base class of every error the CUDA backend throws on purpose. */
export class CudaError extends Error {
  override name = 'CudaError';
}

/** Something the backend needs is missing on this machine: the driver (libcuda), koffi, a compiler, a device. */
export class CudaUnavailableError extends CudaError {
  override name = 'CudaUnavailableError';
  /** What is missing, e.g. `libcuda.so.1`, `koffi`, `nvcc or NVRTC`, `device 3`. */
  readonly missing: string;

  constructor(missing: string, detail: string, wayOut: string) {
    super(`CUDA backend: ${missing} is not available (${detail.trim()}); ${wayOut}`);
    this.missing = missing;
  }
}

/** A driver call returned an error code (CUresult) that has no more specific error below. */
export class CudaDriverError extends CudaError {
  override name = 'CudaDriverError';
  /** The driver function, e.g. `cuMemcpyDtoH_v2`. */
  readonly operation: string;
  /** The CUresult value and its name, e.g. 700 and `CUDA_ERROR_ILLEGAL_ADDRESS`. */
  readonly code: number;
  readonly codeName: string;

  constructor(operation: string, code: number, codeName: string, detail: string) {
    super(`${operation} failed with ${codeName} (${code})${detail ? `: ${detail}` : ''}`);
    this.operation = operation;
    this.code = code;
    this.codeName = codeName;
  }
}

/** The device could not allocate memory. */
export class CudaOutOfMemoryError extends CudaDriverError {
  override name = 'CudaOutOfMemoryError';
  /** Bytes asked for, and bytes free on the device when the request failed (undefined if unknown). */
  readonly requested: number;
  readonly free: number | undefined;
  readonly total: number | undefined;
  readonly label: string;

  constructor(operation: string, code: number, codeName: string, fields: { requested: number; free?: number; total?: number; label: string }) {
    const free = fields.free === undefined ? '' : ` with ${fields.free} bytes free of ${fields.total}`;
    super(
      operation,
      code,
      codeName,
      `${fields.label} asked for ${fields.requested} bytes${free}; free buffers that are no longer needed, use a smaller input, or choose a device with more memory`,
    );
    this.requested = fields.requested;
    this.free = fields.free;
    this.total = fields.total;
    this.label = fields.label;
  }
}

/** A kernel launch was refused, or the kernel failed while running (the error surfaces at the next sync). */
export class CudaLaunchError extends CudaDriverError {
  override name = 'CudaLaunchError';
  readonly kernelName: string;

  constructor(operation: string, code: number, codeName: string, kernelName: string, detail: string) {
    super(operation, code, codeName, `kernel ${kernelName}: ${detail}`);
    this.kernelName = kernelName;
  }
}

/** A launch configuration or argument list does not fit the kernel or the device (checked before launching). */
export class CudaLaunchConfigError extends CudaError {
  override name = 'CudaLaunchConfigError';
  readonly kernelName: string;

  constructor(kernelName: string, problem: string) {
    super(`Kernel ${kernelName}: ${problem}`);
    this.kernelName = kernelName;
  }
}

/** One compiler diagnostic, with its 1-based line in the generated source (0 when the compiler gave none). */
export interface CudaDiagnostic {
  readonly severity: 'error' | 'warning';
  readonly line: number;
  readonly message: string;
}

/** nvcc or NVRTC rejected a generated kernel. The message quotes each error's line of the generated source. */
export class CudaCompileError extends CudaError {
  override name = 'CudaCompileError';
  readonly kernelName: string;
  readonly arch: string;
  readonly diagnostics: readonly CudaDiagnostic[];
  /** The compiler's whole log, unchanged. */
  readonly log: string;

  constructor(kernelName: string, arch: string, diagnostics: readonly CudaDiagnostic[], source: string, log: string) {
    const lines = source.split('\n');
    const errors = diagnostics.filter((d) => d.severity === 'error');
    const shown = errors.map((d) => {
      const text = lines[d.line - 1];
      return `  line ${d.line}: ${d.message}${text === undefined ? '' : `\n    ${text.trim()}`}`;
    });
    const body = shown.length > 0 ? shown.join('\n') : log.trim();
    super(`CUDA source of kernel ${kernelName} does not compile for ${arch}:\n${body}`);
    this.kernelName = kernelName;
    this.arch = arch;
    this.diagnostics = diagnostics;
    this.log = log;
  }
}
