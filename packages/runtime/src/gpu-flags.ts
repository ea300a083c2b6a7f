/**
 * WebGPU's flag constants, by value. Dawn for Node provides `GPUBufferUsage` and friends only after
 * `Object.assign(globalThis, globals)`; the runtime does not touch the caller's globals, and these values are
 * fixed by the WebGPU specification.
 */
export const BufferUsage = {
  MAP_READ: 0x0001,
  COPY_SRC: 0x0004,
  COPY_DST: 0x0008,
  UNIFORM: 0x0040,
  STORAGE: 0x0080,
  INDIRECT: 0x0100,
  QUERY_RESOLVE: 0x0200,
} as const;

export const ShaderStage = { COMPUTE: 0x4 } as const;

export const MapMode = { READ: 0x0001 } as const;
