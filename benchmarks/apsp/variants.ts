import type { ApspKernelOptions } from '@semiforge/algorithms';

/** A named APSP configuration of the benchmark's tuning space. */
export interface ApspVariant extends ApspKernelOptions {
  readonly label: string;
  /** Largest n to run it at (plain FW is n launches of n² work; n = 16384 only for the best tiles). */
  readonly maxN?: number;
}

/** The tuning space: method × tile × unroll (f32, row-major for A, BDL for B). */
export const APSP_VARIANTS: readonly ApspVariant[] = [
  { label: 'a-t64-u4', method: 'a', tile: 64, unroll: 4, maxN: 8192 },
  { label: 'a-t128-u4', method: 'a', tile: 128, unroll: 4 },
  { label: 'a-t128-u8', method: 'a', tile: 128, unroll: 8, maxN: 8192 },
  { label: 'a-t256-u4', method: 'a', tile: 256, unroll: 4, maxN: 8192 },
  { label: 'b-t64-u4', method: 'b', tile: 64, unroll: 4, maxN: 8192 },
  { label: 'b-t128-u4', method: 'b', tile: 128, unroll: 4 },
  { label: 'a-t32-u2', method: 'a', tile: 32, unroll: 2, maxN: 8192 },
  { label: 'b-t32-u2', method: 'b', tile: 32, unroll: 2, maxN: 4096 },
  { label: 'a-t16-u1', method: 'a', tile: 16, unroll: 1, maxN: 4096 },
  { label: 'b-t16-u1', method: 'b', tile: 16, unroll: 1, maxN: 4096 },
  { label: 'a-t128-u4-k8', method: 'a', tile: 128, unroll: 4, kUnroll: 8, maxN: 8192 },
  { label: 'a-t256-u4-k8', method: 'a', tile: 256, unroll: 4, kUnroll: 8 },
  { label: 'a-t128-u4-c32', method: 'a', tile: 128, unroll: 4, stage: 32, maxN: 8192 },
  { label: 'a-t128-u4-c4', method: 'a', tile: 128, unroll: 4, stage: 4 },
  { label: 'a-t256-u4-c4', method: 'a', tile: 256, unroll: 4, stage: 4 },
  { label: 'plain', method: 'plain', maxN: 4096 },
];

export function pickVariants(labels: string | undefined): ApspVariant[] {
  if (!labels) return [...APSP_VARIANTS];
  return labels.split(',').map((l) => {
    const v = APSP_VARIANTS.find((x) => x.label === l);
    if (!v) throw new Error(`unknown variant '${l}' (known: ${APSP_VARIANTS.map((x) => x.label).join(', ')})`);
    return v;
  });
}
