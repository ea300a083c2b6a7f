import { CONSTANTS, type ElementArray, type ElementType } from '@semiforge/codegen';

/**
 * Largest |value| the f32 kernels take: INF (2^126) + w must round back to INF, which holds below 2^102,
 * so that min-plus can saturate with a plain add.
 */
export const F32_MAX_WEIGHT = 2 ** 100;

/**
 * Replaces IEEE ±Infinity by the kernels' finite stand-ins (WGSL may assume no Inf/NaN) and refuses NaN
 * and values beyond ±2^100, naming the element. `where` names the array in the message; with `rowLength`
 * (a row-major matrix) the element is named by its row and column.
 */
export function encodeF32(data: Float32Array, where: string, rowLength?: number): void {
  const { INF, NEG_INF } = CONSTANTS.f32;
  const at = (i: number) => (rowLength === undefined ? `element ${i}` : `(row ${Math.floor(i / rowLength)}, column ${i % rowLength})`);
  for (let i = 0; i < data.length; i++) {
    const v = data[i];
    if (v === Infinity) data[i] = INF;
    else if (v === -Infinity) data[i] = NEG_INF;
    else if (Number.isNaN(v)) throw new RangeError(`${where}: NaN at ${at(i)}`);
    else if (Math.abs(v) > F32_MAX_WEIGHT && v !== INF && v !== NEG_INF) {
      throw new RangeError(`${where}: value ${v} at ${at(i)} is beyond ±2^100, the largest f32 weight the kernels take`);
    }
  }
}

/** f32 results show the kernels' finite stand-ins as ±Infinity again ("no path", "unreachable"); other types are left alone. */
export function decodeF32(data: ElementArray, type: ElementType): void {
  if (type !== 'f32') return;
  const { INF, NEG_INF } = CONSTANTS.f32;
  for (let i = 0; i < data.length; i++) {
    if (data[i] >= INF) data[i] = Infinity;
    else if (data[i] <= NEG_INF) data[i] = -Infinity;
  }
}
