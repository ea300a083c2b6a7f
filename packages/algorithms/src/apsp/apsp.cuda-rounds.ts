import type { CudaBuffer, CudaDevice, CudaKernel, Handle, PreparedLaunch } from '@semiforge/runtime-cuda';
import type { ApspLookahead } from './apsp.plan.js';

/** Which tiles an update relaxes: every one, the cross of row and column `at`, or every tile off that cross. */
export type UpdateTiles = 'all' | 'cross' | 'rest';

/**
 * One step of blocked Floyd-Warshall's rounds as the CUDA runner queues them, one launch each (`handoff`: a
 * stream wait). `stream` 0 is the runner's stream, 1 a high-priority side stream; `parity` picks one of two
 * sets of panel buffers.
 */
export type RoundOp =
  /** Closes pivot tile (block, block) of the distance matrix in place. */
  | { readonly op: 'pivot'; readonly block: number; readonly stream: 0 | 1 }
  /** Writes the closed row and column panels of round `block` into the panel buffers of `parity`, in one launch. */
  | { readonly op: 'panels'; readonly block: number; readonly parity: 0 | 1; readonly stream: 0 | 1 }
  /**
   * Relaxes `tiles` through the panels of `parity` (round `block`): `at` is the tile row and column of a
   * `cross` or `rest` (unused by `all`). Only a `concurrent-cross` lookahead puts an update (the cross) on 1.
   */
  | { readonly op: 'update'; readonly block: number; readonly parity: 0 | 1; readonly tiles: UpdateTiles; readonly at: number; readonly stream: 0 | 1 }
  /** Work queued on `to` from here waits for what was queued on `from` so far. */
  | { readonly op: 'handoff'; readonly from: 0 | 1; readonly to: 0 | 1 };

/**
 * The rounds of blocked FW over `blocks` × `blocks` tiles. Without lookahead each round is pivot → panels →
 * update on one stream. With it, round r first updates only the cross of row and column r + 1 (one launch),
 * hands off to the side stream, which closes pivot r + 1 and builds its panels (into the other parity) while
 * the main stream updates round r's other tiles (one launch); round r + 1's update then waits for the side
 * stream. The pivot closure (one block, serial over the tile) and the panels (a fraction of a wave) were 13%
 * of the H100's time at n = 8192 when run between the updates; beside them they cost little.
 *
 * `'concurrent-cross'` moves the cross onto the side stream too, ahead of pivot and panels r + 1, so that it
 * runs beside the rest instead of before it: alone, the cross (2·blocks − 1 tiles) fills half a wave of the
 * H100 (264 tiles a wave at 64 tiles a side) and the rest ends on a nearly empty wave; together they are 15.5
 * waves. The main stream's rest r waits only for what the side stream had queued before the cross r (the
 * panels r); the side stream's cross r waits for the rest r − 1. Each round is then one window in which the
 * side stream's cross, pivot and panels run beside the main stream's rest, and touch none of its tiles or
 * panels (the rest reads the panels of one parity, the side writes the other).
 *
 * @example
 * blockedRounds(2, true).map((o) => o.op); // pivot, panels, update, handoff, pivot, panels, update, handoff, update
 * blockedRounds(2, 'concurrent-cross').map((o) => o.op); // pivot, panels, handoff, update, pivot, panels, update, handoff, update
 */
export function blockedRounds(blocks: number, lookahead: ApspLookahead): RoundOp[] {
  const ops: RoundOp[] = [
    { op: 'pivot', block: 0, stream: 0 },
    { op: 'panels', block: 0, parity: 0, stream: 0 },
  ];
  for (let r = 0; r < blocks; r++) {
    // Without lookahead one set of panels serves every round; with it, round r + 1's are built while r's are read.
    const parity = (lookahead ? r & 1 : 0) as 0 | 1;
    const update = (tiles: UpdateTiles, at = 0, stream: 0 | 1 = 0): RoundOp => ({ op: 'update', block: r, parity, tiles, at, stream });
    const next = r + 1;
    if (next === blocks) {
      ops.push(update('all'));
    } else if (!lookahead) {
      ops.push(update('all'), { op: 'pivot', block: next, stream: 0 }, { op: 'panels', block: next, parity: 0, stream: 0 });
    } else {
      // The handoff to the side stream is recorded after the rest r − 1 (the main stream's last op); the one
      // back after the panels r + 1, before the cross r + 1 is queued, so the rest r + 1 never waits for it.
      const concurrent = lookahead === 'concurrent-cross';
      ops.push(
        ...(concurrent ? [] : [update('cross', next)]),
        { op: 'handoff', from: 0, to: 1 },
        ...(concurrent ? [update('cross', next, 1)] : []),
        { op: 'pivot', block: next, stream: 1 },
        { op: 'panels', block: next, parity: (1 - parity) as 0 | 1, stream: 1 },
        update('rest', next),
        { op: 'handoff', from: 1, to: 0 },
      );
    }
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

/** What the rounds launch: the three kernels (their `buffers` hold the distance and successor matrices). */
export interface BlockedRun {
  readonly pivot: RoundLaunch;
  /** Both panels in one launch (`fw_panel_row` with `bothPanels`). */
  readonly panels: RoundLaunch;
  /** The update that places its blocks by its parameters (`remap`). */
  readonly update: RoundLaunch;
  /** Panels of parity 0 and 1 (the same set twice without lookahead). */
  readonly panelSets: readonly [PanelBuffers, PanelBuffers];
  /** Padded side N and tile. */
  readonly n: number;
  readonly tile: number;
}

/** {@link BlockedRun}'s launches checked and packed once, for the rounds to set `params` and queue. */
export interface PreparedRounds {
  readonly n: number;
  readonly tile: number;
  readonly pivot: PreparedLaunch;
  /** By parity. */
  readonly panels: readonly [PreparedLaunch, PreparedLaunch];
  /** By tiles, then parity; `cross` and `rest` only from 2 tiles a side. */
  readonly update: Readonly<Partial<Record<UpdateTiles, readonly [PreparedLaunch, PreparedLaunch]>>>;
}

/** `params.skip` and `params.cross` of the remapping update when they name no tiles. */
const NONE = 0xffffffff;

/**
 * The grid of an update of `tiles`, from the whole matrix's: per tile `gx` × `gy` blocks; every tile off a
 * cross is (blocks − 1)² tiles, a cross 2·blocks − 1 tiles laid along x (the kernel places them).
 *
 * @example
 * updateGrid([64, 64, 1], 64, 'cross'); // [127, 1, 1]
 */
export function updateGrid(whole: readonly [number, number, number], blocks: number, tiles: UpdateTiles): [number, number, number] {
  const gx = whole[0] / blocks;
  const gy = whole[1] / blocks;
  if (tiles === 'all') return [whole[0], whole[1], 1];
  if (tiles === 'rest') return [(blocks - 1) * gx, (blocks - 1) * gy, 1];
  return [(2 * blocks - 1) * gx, gy, 1];
}

/**
 * Checks and packs every launch the rounds need, once per runner (the rounds then cost one driver call a
 * launch: at n = 2048 the host's per-launch work outlasted the GPU's).
 */
export function prepareRounds(device: CudaDevice, run: BlockedRun): PreparedRounds {
  const { n, tile } = run;
  const blocks = n / tile;
  const pair = (make: (parity: 0 | 1) => PreparedLaunch): [PreparedLaunch, PreparedLaunch] => {
    const first = make(0);
    return run.panelSets[1] === run.panelSets[0] ? [first, first] : [first, make(1)];
  };
  const pivot = device.prepare(run.pivot.kernel, { buffers: run.pivot.buffers, params: new Uint32Array([n, 0]), grid: [...run.pivot.grid] });
  const panels = pair((parity) => {
    const p = run.panelSets[parity];
    const l = run.panels;
    const buffers = { ...l.buffers, out_panel: p.row, out_col_panel: p.col, out_succ: p.rowSucc, out_col_succ: p.colSucc };
    return device.prepare(l.kernel, { buffers, params: new Uint32Array([n, 0]), grid: [...l.grid] });
  });
  const update = (tiles: UpdateTiles) =>
    pair((parity) => {
      const p = run.panelSets[parity];
      const l = run.update;
      const buffers = { ...l.buffers, row_panel: p.row, col_panel: p.col, row_succ: p.rowSucc, col_succ: p.colSucc };
      return device.prepare(l.kernel, { buffers, params: new Uint32Array([n, 0, NONE, NONE]), grid: updateGrid(l.grid, blocks, tiles) });
    });
  return { n, tile, pivot, panels, update: blocks > 1 ? { all: update('all'), cross: update('cross'), rest: update('rest') } : { all: update('all') } };
}

/** Queues `ops` (from {@link blockedRounds}) on `streams[0]` and, for the side stream's ops, `streams[1]`. */
export function queueRounds(device: CudaDevice, ops: readonly RoundOp[], run: PreparedRounds, streams: readonly [Handle, Handle | undefined]): void {
  const { tile } = run;
  const stream = (s: 0 | 1): Handle => {
    const h = streams[s];
    if (h === undefined) throw new Error('apsp: a lookahead round needs the side stream');
    return h;
  };
  for (const o of ops) {
    if (o.op === 'handoff') {
      const fence = device.fence(stream(o.from));
      device.waitFor(fence, stream(o.to));
      device.destroyEvent(fence);
      continue;
    }
    let launch: PreparedLaunch;
    if (o.op === 'pivot') launch = run.pivot;
    else if (o.op === 'panels') launch = run.panels[o.parity];
    else {
      const set = run.update[o.tiles];
      if (set === undefined) throw new Error(`apsp: an update of tiles '${o.tiles}' needs at least 2 tiles a side, got ${run.n / tile}`);
      launch = set[o.parity];
      launch.params[2] = o.tiles === 'rest' ? o.at * tile : NONE;
      launch.params[3] = o.tiles === 'cross' ? o.at * tile : NONE;
    }
    launch.params[1] = o.block * tile;
    device.launchPrepared(launch, stream(o.stream));
  }
}
