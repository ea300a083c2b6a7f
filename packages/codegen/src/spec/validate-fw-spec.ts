import type { FwKernelSpec } from './kernel-spec.js';
import { ELEMENT_BYTES } from './element-type.js';
import { SpecError, shown } from './spec-error.js';
import { CUDA_STATIC_SHARED_BYTES, MAX_INVOCATIONS } from './spec-limits.js';

/** Default staging depth: shallow slices leave workgroup memory for more workgroups per SM (H100: KC = 8
 * ran the update at 8.0 T/s, 16 at 7.9, 32 at 7.1, 64 at 5.3; n = 8192, t = 128). */
export const DEFAULT_STAGE = 8;

/**
 * Depth KC of the panel slices staged in workgroup memory per step of the products: the spec's `stage`,
 * else {@link DEFAULT_STAGE}, never more than the tile.
 */
export function stagingDepth(spec: Pick<FwKernelSpec, 'tile' | 'successors' | 'stage'>): number {
  return Math.min(spec.tile, spec.stage ?? DEFAULT_STAGE);
}

/**
 * CUDA products with unroll a multiple of 4 (and, for the panels, which copy A along k, a staging depth a
 * multiple of 4): the register-blocked sm_90 kernel (quads of registers, 128-bit copies, double-buffered
 * slices) instead of the generic one; see templates/cuda/partials/product.cu.hbs.
 */
export function cudaQuads(spec: FwKernelSpec): boolean {
  if (spec.target !== 'cuda' || spec.unroll % 4 !== 0) return false;
  if (spec.op === 'fw_update') return true;
  return (spec.op === 'fw_panel_row' || spec.op === 'fw_panel_col') && stagingDepth(spec) % 4 === 0;
}

/** Shared memory of the quads kernel: two slices (or `asyncStages`) of A and B, and of the successors it reads (the update: both), unpadded. */
export function cudaQuadsStorageBytes(spec: FwKernelSpec): number {
  const kc = stagingDepth(spec);
  const [a, b] = [spec.unroll * spec.workgroup[1], spec.unroll * spec.workgroup[0]];
  const successors = spec.successors ? a + (spec.op === 'fw_update' ? b : 0) : 0;
  return (spec.asyncStages ?? 2) * kc * (a + b + successors) * ELEMENT_BYTES;
}

/** Buffers a `cp.async` update may cycle through ({@link FwKernelSpec.asyncStages}). */
export const ASYNC_STAGES = [2, 3, 4] as const;

/** Default unroll of the products' k loop. */
export const DEFAULT_K_UNROLL = 4;
const MAX_REGISTERS = 64;

function positiveInt(spec: FwKernelSpec, key: 'tile' | 'unroll'): void {
  const v = spec[key];
  if (!Number.isInteger(v) || v < 1) throw new SpecError(key, `must be a positive integer, got ${shown(v)}`);
}

/** The blocked Floyd-Warshall family's rules. */
export function validateFwSpec(spec: FwKernelSpec): void {
  if (spec.layout !== 'row-major' && spec.layout !== 'bdl') throw new SpecError('layout', `must be 'row-major' or 'bdl', got '${shown(spec.layout)}'`);
  positiveInt(spec, 'tile');
  positiveInt(spec, 'unroll');
  const [wx, wy] = spec.workgroup;
  if (!Number.isInteger(wx) || !Number.isInteger(wy) || wx < 1 || wy < 1) {
    throw new SpecError('workgroup', `must be two positive integers, got [${spec.workgroup.join(', ')}]`);
  }
  if (wx * wy > MAX_INVOCATIONS) {
    throw new SpecError('workgroup', `${wx}×${wy} = ${wx * wy} invocations exceeds ${MAX_INVOCATIONS}`);
  }
  if (spec.dpx && (spec.target !== 'cuda' || spec.semiring !== 'min-plus' || spec.type !== 'i32')) {
    throw new SpecError('dpx', `needs target 'cuda', semiring 'min-plus' and type 'i32' (DPX instructions are integer min-plus on NVIDIA GPUs), got ${shown(spec.target)}, ${spec.semiring}, ${spec.type}`);
  }
  if (spec.remap && (spec.op !== 'fw_update' || spec.target !== 'cuda')) {
    throw new SpecError('remap', `places the blocks of CUDA's fw_update only, got ${shown(spec.op)} for ${spec.target}`);
  }
  if (spec.bothPanels && (spec.op !== 'fw_panel_row' || spec.target !== 'cuda')) {
    throw new SpecError('bothPanels', `merges the column panel into CUDA's fw_panel_row only, got ${shown(spec.op)} for ${spec.target}`);
  }
  if (spec.asyncStages !== undefined && (spec.op !== 'fw_update' || spec.target !== 'cuda')) {
    throw new SpecError('asyncStages', `copies the slices of CUDA's fw_update only, got ${shown(spec.op)} for ${spec.target}`);
  }
  const t = spec.tile;
  switch (spec.op) {
    case 'fw_plain':
      return;
    case 'fw_pivot': {
      if (t % wx !== 0 || t % wy !== 0) {
        throw new SpecError('tile', `${t} must be a multiple of the workgroup's ${wx}×${wy}: each thread holds a whole sub-block of the pivot tile`);
      }
      const regs = (t / wx) * (t / wy);
      if (regs > MAX_REGISTERS) {
        throw new SpecError('workgroup', `${wx}×${wy} leaves ${regs} elements of a ${t}×${t} pivot tile per thread; at most ${MAX_REGISTERS} fit in registers`);
      }
      return;
    }
    default: {
      const u = spec.unroll;
      if (u * u > MAX_REGISTERS) throw new SpecError('unroll', `${u}×${u} results per thread exceeds ${MAX_REGISTERS} registers`);
      const bm = wy * u;
      const bn = wx * u;
      if (t % bm !== 0) throw new SpecError('tile', `${t} is not a multiple of the ${bm} rows a workgroup computes (workgroup.y ${wy} × unroll ${u})`);
      if (t % bn !== 0) throw new SpecError('tile', `${t} is not a multiple of the ${bn} columns a workgroup computes (workgroup.x ${wx} × unroll ${u})`);
      if (spec.stage !== undefined && (!Number.isInteger(spec.stage) || spec.stage < 1)) {
        throw new SpecError('stage', `must be a positive integer, got ${shown(spec.stage)}`);
      }
      const kc = stagingDepth(spec);
      if (t % kc !== 0) throw new SpecError('tile', `${t} must be a multiple of the staging depth ${kc} (tiles above 32 must be multiples of 32)`);
      const ku = spec.kUnroll ?? DEFAULT_K_UNROLL;
      if (!Number.isInteger(ku) || ku < 1 || kc % Math.min(ku, kc) !== 0) {
        throw new SpecError('kUnroll', `${ku} must be a positive integer dividing the staging depth ${kc}`);
      }
      if (spec.asyncStages !== undefined) {
        if (!(ASYNC_STAGES as readonly number[]).includes(spec.asyncStages)) throw new SpecError('asyncStages', `must be one of ${ASYNC_STAGES.join(', ')}, got ${shown(spec.asyncStages)}`);
        if (!cudaQuads(spec) || spec.dpx) {
          throw new SpecError(
            'asyncStages',
            `copies the slices of the register-blocked update (unroll a multiple of 4) as they are stored, so not with DPX (which stages them), got unroll ${u}${spec.dpx ? ' with dpx' : ''}`,
          );
        }
      }
      if (cudaQuads(spec) && cudaQuadsStorageBytes(spec) > CUDA_STATIC_SHARED_BYTES) {
        throw new SpecError(
          'stage',
          `${kc}-deep double-buffered slices of a ${bm}×${bn} block take ${cudaQuadsStorageBytes(spec)} bytes of shared memory, over CUDA's ${CUDA_STATIC_SHARED_BYTES} static limit; use a smaller stage`,
        );
      }
    }
  }
}

/** The canonical FW spec: fields an op does not use are fixed. */
export function normalizeFwSpec(spec: FwKernelSpec): FwKernelSpec {
  const base: FwKernelSpec = {
    op: spec.op,
    semiring: spec.semiring,
    type: spec.type,
    tile: spec.tile,
    unroll: spec.unroll,
    layout: spec.layout,
    workgroup: [spec.workgroup[0], spec.workgroup[1]],
    target: spec.target,
    successors: spec.successors,
    kUnroll: 1,
    stage: 1,
  };
  if (spec.op === 'fw_pivot') return { ...base, unroll: 1 };
  if (spec.op === 'fw_plain') return { ...base, unroll: 1, tile: spec.layout === 'bdl' ? spec.tile : 1 };
  const stage = stagingDepth(spec);
  // dpx, remap, bothPanels and asyncStages are left out when unset, so that the ids of specs without them do not change.
  return {
    ...base,
    stage,
    kUnroll: Math.min(spec.kUnroll ?? DEFAULT_K_UNROLL, stage),
    ...(spec.dpx ? { dpx: true } : {}),
    ...(spec.remap ? { remap: true } : {}),
    ...(spec.bothPanels ? { bothPanels: true } : {}),
    ...(spec.asyncStages !== undefined ? { asyncStages: spec.asyncStages } : {}),
  };
}
