import type { CudaBuffer, CudaDevice, CudaKernel, Handle } from '@semiforge/runtime-cuda';
import { cudaView } from '../kernels/cuda-view.js';

/** A range of tile indices, `[from, to)`. */
export type BlockRange = readonly [number, number];

/**
 * One step of blocked Floyd-Warshall's rounds as the CUDA runner queues them. `stream` 0 is the runner's
 * stream, 1 a high-priority side stream; `parity` picks one of two sets of panel buffers.
 */
export type RoundOp =
  /** Closes pivot tile (block, block) of the distance matrix in place. */
  | { readonly op: 'pivot'; readonly block: number; readonly stream: 0 | 1 }
  /** Writes the closed row and column panels of round `block` into the panel buffers of `parity`. */
  | { readonly op: 'panels'; readonly block: number; readonly parity: 0 | 1; readonly stream: 0 | 1 }
  /** Relaxes the tiles in `rows` × `cols` through the panels of `parity` (round `block`). */
  | { readonly op: 'update'; readonly block: number; readonly parity: 0 | 1; readonly rows: BlockRange; readonly cols: BlockRange; readonly stream: 0 }
  /** Work queued on `to` from here waits for what was queued on `from` so far. */
  | { readonly op: 'handoff'; readonly from: 0 | 1; readonly to: 0 | 1 };

/**
 * The rounds of blocked FW over `blocks` × `blocks` tiles. Without lookahead each round is pivot → panels →
 * update on one stream. With it, round r first updates only the tiles of row and column r + 1, hands off to
 * the side stream, which closes pivot r + 1 and builds its panels (into the other parity) while the main
 * stream updates round r's remaining tiles; round r + 1's update then waits for the side stream. The pivot
 * closure (one block, serial over the tile) and the panels (a fraction of a wave) were 13% of the H100's time
 * at n = 8192 when run between the updates; beside them they cost little.
 *
 * @example
 * blockedRounds(2, true).map((o) => o.op); // pivot, panels, update ×2, handoff, pivot, panels, handoff, update ×3…
 */
export function blockedRounds(blocks: number, lookahead: boolean): RoundOp[] {
  const all: BlockRange = [0, blocks];
  const ops: RoundOp[] = [
    { op: 'pivot', block: 0, stream: 0 },
    { op: 'panels', block: 0, parity: 0, stream: 0 },
  ];
  for (let r = 0; r < blocks; r++) {
    // Without lookahead one set of panels serves every round; with it, round r + 1's are built while r's are read.
    const parity = (lookahead ? r & 1 : 0) as 0 | 1;
    const update = (rows: BlockRange, cols: BlockRange) => {
      if (rows[0] < rows[1] && cols[0] < cols[1]) ops.push({ op: 'update', block: r, parity, rows, cols, stream: 0 });
    };
    const next = r + 1;
    if (next === blocks) {
      update(all, all);
      break;
    }
    if (!lookahead) {
      update(all, all);
      ops.push({ op: 'pivot', block: next, stream: 0 }, { op: 'panels', block: next, parity: 0, stream: 0 });
      continue;
    }
    const row: BlockRange = [next, next + 1];
    const before: BlockRange = [0, next];
    const after: BlockRange = [next + 1, blocks];
    update(row, all);
    update(before, row);
    update(after, row);
    ops.push({ op: 'handoff', from: 0, to: 1 });
    ops.push({ op: 'pivot', block: next, stream: 1 }, { op: 'panels', block: next, parity: (1 - parity) as 0 | 1, stream: 1 });
    for (const rows of [before, after]) for (const cols of [before, after]) update(rows, cols);
    ops.push({ op: 'handoff', from: 1, to: 0 });
  }
  return ops;
}

/** One kernel of blocked FW with its whole-matrix grid and buffers. */
export interface RoundLaunch {
  readonly kernel: CudaKernel;
  readonly grid: readonly [number, number, number];
  readonly buffers: Readonly<Record<string, CudaBuffer | undefined>>;
}

/** The panel buffers of one parity. */
export interface PanelBuffers {
  readonly row: CudaBuffer;
  readonly col: CudaBuffer;
  readonly rowSucc?: CudaBuffer;
  readonly colSucc?: CudaBuffer;
}

/** What {@link queueRounds} launches: the four kernels (their `buffers` hold the distance and successor matrices). */
export interface BlockedRun {
  readonly pivot: RoundLaunch;
  readonly panelRow: RoundLaunch;
  readonly panelCol: RoundLaunch;
  readonly update: RoundLaunch;
  /** Panels of parity 0 and 1 (the same set twice without lookahead). */
  readonly panels: readonly [PanelBuffers, PanelBuffers];
  /** Padded side N, tile, bytes per element, and whether tiles are stored contiguously (BDL). */
  readonly n: number;
  readonly blockedLayout: boolean;
  readonly tile: number;
  readonly elementBytes: number;
}

/**
 * Queues `ops` (from {@link blockedRounds}) on `streams[0]` and, for the side stream's ops, `streams[1]`. The
 * update of a rectangle of tiles is the whole-matrix kernel on a grid of that rectangle, its matrix and panel
 * pointers moved to the rectangle's first tile; `k0` moves with the rows, as the kernel compares its row with
 * the pivot's only to pick successors.
 */
export function queueRounds(device: CudaDevice, ops: readonly RoundOp[], run: BlockedRun, streams: readonly [Handle, Handle | undefined]): void {
  const { n, tile, elementBytes: e } = run;
  const blocks = n / tile;
  const stream = (s: 0 | 1): Handle => {
    const h = streams[s];
    if (h === undefined) throw new Error('apsp: a lookahead round needs the side stream');
    return h;
  };
  // Element index of tile (row, col)'s first entry: both layouts place it linearly in the tile indices.
  const tileStart = (row: number, col: number) => (run.blockedLayout ? (row * blocks + col) * tile * tile : row * tile * n + col * tile);
  for (const o of ops) {
    if (o.op === 'handoff') {
      const fence = device.fence(stream(o.from));
      device.waitFor(fence, stream(o.to));
      device.destroyEvent(fence);
    } else if (o.op === 'pivot') {
      const l = run.pivot;
      device.launch(l.kernel, { buffers: l.buffers, params: new Uint32Array([n, o.block * tile]), grid: l.grid }, stream(o.stream));
    } else if (o.op === 'panels') {
      const p = run.panels[o.parity];
      const params = new Uint32Array([n, o.block * tile]);
      const row = run.panelRow;
      const col = run.panelCol;
      device.launch(row.kernel, { buffers: { ...row.buffers, out_panel: p.row, out_succ: p.rowSucc }, params, grid: row.grid }, stream(o.stream));
      device.launch(col.kernel, { buffers: { ...col.buffers, out_panel: p.col, out_succ: p.colSucc }, params, grid: col.grid }, stream(o.stream));
    } else {
      const l = run.update;
      const p = run.panels[o.parity];
      const [r0, r1] = o.rows;
      const [c0, c1] = o.cols;
      const at = tileStart(r0, c0) * e;
      const buffers = {
        ...l.buffers,
        d: l.buffers.d && cudaView(l.buffers.d, at),
        succ: l.buffers.succ && cudaView(l.buffers.succ, at),
        row_panel: cudaView(p.row, c0 * tile * e),
        row_succ: p.rowSucc && cudaView(p.rowSucc, c0 * tile * e),
        col_panel: cudaView(p.col, r0 * tile * e),
        col_succ: p.colSucc && cudaView(p.colSucc, r0 * tile * e),
      };
      const grid: [number, number, number] = [((c1 - c0) * l.grid[0]) / blocks, ((r1 - r0) * l.grid[1]) / blocks, 1];
      device.launch(l.kernel, { buffers, params: new Uint32Array([n, (o.block - r0) * tile]), grid }, stream(o.stream));
    }
  }
}
