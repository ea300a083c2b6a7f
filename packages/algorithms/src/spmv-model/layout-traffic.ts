import { mergeTile, streamBudget } from '@semiforge/codegen';
import { slicedEllShape, windowFoldedEllShape, type Csr } from '@semiforge/graph-io';
import { ROW_BLOCK_CARRY, streamRowBlocks } from '../spmv/layouts/row-blocks.js';
import type { SpmvFormat, SpmvPlan } from '../spmv/spmv.plan.js';

/** Bytes of a u32 index, offset or element (every element type is 4 bytes). */
const WORD = 4;

/**
 * What one product of a planned format streams besides x: the slots (each a value and a column index,
 * padding included) and the other bytes of its layout.
 */
export interface LayoutTraffic {
  readonly format: SpmvFormat;
  /** Nonzeros. */
  readonly nnz: number;
  /** Slots streamed: nnz for CSR and merge; n · longest row for ELL; the slices' padded slots for sell and fold. */
  readonly slots: number;
  /**
   * Other bytes per product: CSR row offsets (n + 1 words); sell and fold slice offsets and, σ-sorted, the
   * row ids; fold's extra pieces' partial results (written, then read) and its combine step (folded rows,
   * their piece offsets, and y read and written again), or with `localFold` each window's first row and each
   * row's pieces (a word a window and a word a row); merge's tile starts, carries (two words, written
   * and read) and the fixup's read and write of y per tile; csr-stream's row blocks (two words a block), its
   * carries (two words a block, written, and read when some row is cut) and y read and written per carry. A plan that renumbers columns adds its gather of
   * x: the column order and x read, x in that order written (three words per row).
   */
  readonly extraBytes: number;
}

/**
 * The traffic of one product of `plan` on `csr`, for {@link predictSpmv}: O(n) for CSR, ELL and merge;
 * O(n log σ + pieces) for sell and fold (their slices are sized, not filled). For a plan that renumbers columns,
 * pass the renumbered matrix (`orderColumnsByDegree(csr).matrix`): its layout is the one that runs.
 *
 * @example
 * const plan = planSpmv({ format: 'fold' }, rowStats(csr), subgroupSupport(device));
 * predictSpmv(matrixFactors(csr), { bandwidthGBps: 2800, format: 'fold', layout: layoutTraffic(csr, plan) });
 */
export function layoutTraffic(csr: Csr, plan: SpmvPlan): LayoutTraffic {
  const traffic = formatTraffic(csr, plan);
  // The gather before each product reads the order and x and writes x in it: n entries, n + k with k hot columns first.
  const gathered = csr.n + Math.min(plan.hotColumns ?? 0, csr.n);
  return plan.reorder ? { ...traffic, extraBytes: traffic.extraBytes + 3 * WORD * gathered } : traffic;
}

/** {@link layoutTraffic} of the format alone. */
function formatTraffic(csr: Csr, plan: SpmvPlan): LayoutTraffic {
  const { n } = csr;
  const nnz = csr.indices.length;
  const format = plan.format;
  const offsets = WORD * (n + 1);
  switch (format) {
    case 'csr-scalar':
    case 'csr-vector':
      return { format, nnz, slots: nnz, extraBytes: offsets };
    case 'ell': {
      let longest = 0;
      for (let v = 0; v < n; v++) longest = Math.max(longest, csr.indptr[v + 1] - csr.indptr[v]);
      return { format, nnz, slots: n * longest, extraBytes: 0 };
    }
    case 'csr-merge': {
      const tiles = Math.ceil((n + nnz) / mergeTile(plan.spec));
      return { format, nnz, slots: nnz, extraBytes: offsets + WORD * (tiles + 1) + 2 * 2 * WORD * tiles + 2 * WORD * tiles };
    }
    case 'csr-stream': {
      const blocks = streamRowBlocks(csr.indptr, streamBudget(plan.spec), plan.spec.rowsPerWorkgroup);
      const count = blocks.length / 2 - 1;
      let carried = 0;
      for (let b = 0; b < count; b++) if ((blocks[2 * b] & ROW_BLOCK_CARRY) !== 0) carried++;
      const fixup = carried === 0 ? 0 : 2 * WORD * count + 2 * WORD * carried;
      return { format, nnz, slots: nnz, extraBytes: offsets + WORD * blocks.length + 2 * WORD * count + fixup };
    }
    case 'sell':
    case 'fold': {
      const { spec, slicing } = plan;
      if (!slicing || spec.sliceHeight === undefined) throw new Error(`spmv model: a '${format}' plan needs its slicing and slice height (make it with planSpmv)`);
      if (spec.localFold === true) {
        // Each window's rows (one word a window) and each row's pieces (one word a row); no partial results.
        const local = windowFoldedEllShape(csr, { sliceHeight: spec.sliceHeight, windowRows: spec.rowsPerWorkgroup, foldWidth: slicing.foldWidth! });
        return { format, nnz, slots: local.slots, extraBytes: WORD * (local.slices + 1) + WORD * (local.windows + 1) + WORD * n };
      }
      const shape = slicedEllShape(csr, { sliceHeight: spec.sliceHeight, sigma: slicing.sigma, foldWidth: slicing.foldWidth });
      const rowIds = slicing.sigma > 1 ? WORD * n : 0;
      const pieces = shape.storedRows - n;
      const combine = shape.foldedRows === 0 ? 0 : 2 * WORD * pieces + WORD * (2 * shape.foldedRows + 1) + 2 * WORD * shape.foldedRows;
      return { format, nnz, slots: shape.slots, extraBytes: WORD * (shape.slices + 1) + rowIds + combine };
    }
  }
}
