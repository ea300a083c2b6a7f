import { CudaLaunchConfigError } from './errors.js';

/** One kernel argument as the CUDA ABI passes it. */
export type KernelArg =
  | { readonly kind: 'ptr'; readonly value: bigint }
  | { readonly kind: 'u32' | 'i32' | 'f32'; readonly value: number }
  /** A struct passed by value (the generated kernels' `const Params params`): its bytes. */
  | { readonly kind: 'bytes'; readonly value: ArrayBufferView };

/** Where each argument's value lies in the packed block (cuLaunchKernel's kernelParams point there). */
export interface PackedArgs {
  /** All values, each at an 8-byte-aligned offset. */
  readonly block: Uint8Array;
  readonly offsets: readonly number[];
}

const SCALAR_BYTES = 4;
const POINTER_BYTES = 8;
const ALIGN = 8;

/**
 * Lays the arguments out in one block, each value 8-byte aligned, for cuLaunchKernel's `kernelParams`
 * (an array of pointers, one per kernel parameter, to the value; the driver copies as many bytes as the
 * kernel's parameter takes). Pure; throws {@link CudaLaunchConfigError} for a value its kind cannot hold.
 *
 * @example
 * const { block, offsets } = packKernelArgs('k', [{ kind: 'u32', value: 7 }, { kind: 'ptr', value: 0x7f0000000000n }]);
 * offsets; // [0, 8]
 */
export function packKernelArgs(kernelName: string, args: readonly KernelArg[]): PackedArgs {
  const sizes = args.map((a) => (a.kind === 'ptr' ? POINTER_BYTES : a.kind === 'bytes' ? a.value.byteLength : SCALAR_BYTES));
  const offsets: number[] = [];
  let end = 0;
  for (const size of sizes) {
    offsets.push(end);
    end += Math.ceil(size / ALIGN) * ALIGN;
  }
  const block = new Uint8Array(Math.max(end, ALIGN));
  const view = new DataView(block.buffer);
  args.forEach((a, i) => {
    const at = offsets[i];
    const bad = (rule: string) => new CudaLaunchConfigError(kernelName, `argument ${i} (${a.kind}) is ${String(a.value)}, ${rule}`);
    switch (a.kind) {
      case 'ptr':
        if (typeof a.value !== 'bigint' || a.value < 0n || a.value >= 1n << 64n) throw bad('not a 64-bit device address');
        view.setBigUint64(at, a.value, true);
        return;
      case 'u32':
        if (!Number.isInteger(a.value) || a.value < 0 || a.value > 0xffffffff) throw bad('not an integer in 0..2^32−1');
        view.setUint32(at, a.value, true);
        return;
      case 'i32':
        if (!Number.isInteger(a.value) || a.value < -(2 ** 31) || a.value >= 2 ** 31) throw bad('not an integer in −2^31..2^31−1');
        view.setInt32(at, a.value, true);
        return;
      case 'f32':
        if (typeof a.value !== 'number') throw bad('not a number');
        view.setFloat32(at, a.value, true);
        return;
      case 'bytes':
        block.set(new Uint8Array(a.value.buffer, a.value.byteOffset, a.value.byteLength), at);
    }
  });
  return { block, offsets };
}

/** What a generated kernel binds, in parameter order (codegen's `KernelBinding`, structurally). */
export interface BindingLike {
  readonly name: string;
  readonly kind: 'uniform' | 'storage' | 'read-only-storage';
}

/**
 * The argument list of a generated kernel: its bindings in order, the uniform block passed by value
 * (`params`), each storage binding as the device address of the buffer of that name. Buffers named but not
 * bound are refused, as are bindings without a buffer, so that a misspelt name never launches.
 *
 * @example
 * kernelArgs(kernel.name, kernel.bindings, { d: dist.ptr }, new Uint32Array([n, k0]));
 */
export function kernelArgs(kernelName: string, bindings: readonly BindingLike[], buffers: Readonly<Record<string, bigint | undefined>>, params: ArrayBufferView): KernelArg[] {
  const bound = new Set(bindings.map((b) => b.name));
  const extra = Object.keys(buffers).filter((name) => buffers[name] !== undefined && !bound.has(name));
  if (extra.length > 0) {
    throw new CudaLaunchConfigError(kernelName, `buffers ${extra.join(', ')} are not parameters of this kernel (it takes ${[...bound].join(', ')})`);
  }
  return bindings.map((b) => {
    if (b.kind === 'uniform') return { kind: 'bytes', value: params };
    const ptr = buffers[b.name];
    if (ptr === undefined) throw new CudaLaunchConfigError(kernelName, `no buffer given for parameter ${b.name}`);
    return { kind: 'ptr', value: ptr };
  });
}
