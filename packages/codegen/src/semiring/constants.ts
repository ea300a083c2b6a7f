import type { ElementType } from '../spec/element-type.js';

/**
 * Finite stand-ins for ±infinity. WGSL may assume no Inf/NaN at run time (and integers wrap), so the
 * kernels never produce IEEE infinities: INF is a finite value that ⊗ saturates at. For f32 it is 2^126,
 * so that INF + INF stays finite and `min(a + b, INF)` is well defined.
 */
export interface TypeConstants {
  /** The value as the host sees it. */
  readonly INF: number;
  readonly NEG_INF: number;
  /** Literals in each target's syntax. */
  readonly wgsl: { readonly INF: string; readonly NEG_INF: string };
  readonly cuda: { readonly INF: string; readonly NEG_INF: string };
}

export const CONSTANTS: Record<ElementType, TypeConstants> = {
  f32: {
    INF: 2 ** 126,
    NEG_INF: -(2 ** 126),
    wgsl: { INF: '0x1p126f', NEG_INF: '-0x1p126f' },
    cuda: { INF: '0x1p126f', NEG_INF: '-0x1p126f' },
  },
  i32: {
    INF: 2147483647,
    NEG_INF: -2147483647,
    wgsl: { INF: '2147483647i', NEG_INF: '-2147483647i' },
    cuda: { INF: '2147483647', NEG_INF: '(-2147483647)' },
  },
  u32: {
    INF: 4294967295,
    NEG_INF: 0,
    wgsl: { INF: '4294967295u', NEG_INF: '0u' },
    cuda: { INF: '4294967295u', NEG_INF: '0u' },
  },
};
