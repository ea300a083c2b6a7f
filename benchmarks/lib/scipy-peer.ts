import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EdgeList } from '@semiforge/graph-io';
import { peerScript, runPython } from './python-peer.js';

const SCRIPT = peerScript('scipy_fw.py');

export interface ScipyRun {
  seconds: number;
  version: string;
  /** n×n distances, float64, Infinity where no path. */
  dist: Float64Array;
}

/** Runs SciPy's floyd_warshall on the same graph in this run; undefined when python3/scipy is absent. */
export function scipyFloydWarshall(graph: EdgeList, script = SCRIPT): ScipyRun | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'semiforge-scipy-'));
  try {
    const m = graph.src.length;
    const buf = Buffer.alloc(8 + 8 * m + 8 * m);
    buf.writeUInt32LE(graph.n, 0);
    buf.writeUInt32LE(m, 4);
    Buffer.from(graph.src.buffer, graph.src.byteOffset, 4 * m).copy(buf, 8);
    Buffer.from(graph.dst.buffer, graph.dst.byteOffset, 4 * m).copy(buf, 8 + 4 * m);
    const w = graph.weight ?? new Float64Array(m).fill(1);
    Buffer.from(w.buffer, w.byteOffset, 8 * m).copy(buf, 8 + 8 * m);
    writeFileSync(join(dir, 'edges.bin'), buf);
    const { seconds, scipy } = runPython(script, [join(dir, 'edges.bin'), join(dir, 'dist.bin')]) as { seconds: number; scipy: string };
    const bytes = readFileSync(join(dir, 'dist.bin'));
    return { seconds, version: scipy, dist: new Float64Array(bytes.buffer, bytes.byteOffset, bytes.byteLength / 8) };
  } catch (e) {
    console.error(`scipy peer unavailable: ${(e as Error).message}`);
    return undefined;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
