/** Element types a kernel can work on. WGSL has no 64-bit or 8-bit storage types, so these three cover it. */
export type ElementType = 'f32' | 'i32' | 'u32';

export const ELEMENT_TYPES: readonly ElementType[] = ['f32', 'i32', 'u32'];

/** The typed array that holds a matrix of this element type on the host. */
export type ElementArray = Float32Array | Int32Array | Uint32Array;

export const ELEMENT_BYTES = 4;

/** Allocates a host array of `length` elements of `type`. */
export function allocElements(type: ElementType, length: number): ElementArray {
  switch (type) {
    case 'f32':
      return new Float32Array(length);
    case 'i32':
      return new Int32Array(length);
    case 'u32':
      return new Uint32Array(length);
  }
}

/** The CUDA C++ spelling of an element type. */
export const CUDA_TYPE: Record<ElementType, string> = { f32: 'float', i32: 'int', u32: 'unsigned int' };
