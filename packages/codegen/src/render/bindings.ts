import { CUDA_TYPE, type ElementType } from '../spec/element-type.js';
import type { Target } from '../spec/kernel-spec.js';

/** One resource a kernel uses, in binding order. Structurally what `@semiforge/runtime` binds. */
export interface KernelBinding {
  readonly binding: number;
  readonly name: string;
  readonly kind: 'uniform' | 'storage' | 'read-only-storage';
  /** Element type of a storage array; `params` for the uniform block. */
  readonly element: ElementType | 'params';
  /** Bound as an array of vec4 of the element type (WGSL), for 16-byte loads. */
  readonly vec4?: boolean;
  /** A writable u32 array updated with atomics (WGSL `array<atomic<u32>>`; CUDA needs no marker). */
  readonly atomic?: boolean;
}

type BindingDecl = Omit<KernelBinding, 'binding'>;

/** Numbers bindings in order: the only place binding indices are assigned. */
export function numberBindings(decls: readonly (BindingDecl | false)[]): KernelBinding[] {
  return decls.filter((d): d is BindingDecl => d !== false).map((d, binding) => ({ ...d, binding }));
}

/** The declarations of the bindings in a target's syntax: WGSL globals, or a CUDA parameter list. */
export function declareBindings(target: Target, bindings: readonly KernelBinding[]): string {
  if (target === 'wgsl') {
    return bindings
      .map((b) => {
        if (b.kind === 'uniform') return `@group(0) @binding(${b.binding}) var<uniform> ${b.name}: Params;`;
        const access = b.kind === 'storage' ? 'read_write' : 'read';
        const element = b.atomic ? `atomic<${b.element}>` : b.vec4 ? `vec4<${b.element}>` : b.element;
        return `@group(0) @binding(${b.binding}) var<storage, ${access}> ${b.name}: array<${element}>;`;
      })
      .join('\n');
  }
  return bindings
    .map((b) => {
      if (b.kind === 'uniform') return `const Params ${b.name}`;
      const c = b.element === 'params' ? 'void' : CUDA_TYPE[b.element];
      return `${b.kind === 'read-only-storage' ? 'const ' : ''}${c}* __restrict__ ${b.name}`;
    })
    .join(', ');
}
