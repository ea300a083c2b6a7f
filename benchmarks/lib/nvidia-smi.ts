import { execFileSync } from 'node:child_process';

/**
 * The rows of an nvidia-smi CSV query (`--query-gpu=…` of every GPU or of `gpu`, or `--query-compute-apps=…`),
 * each split into its trimmed fields without units, or undefined where nvidia-smi is missing or fails
 * (lavapipe, other vendors).
 *
 * @example
 * nvidiaSmiRows('gpu', ['index', 'pci.bus_id']); // [['0', '00000000:18:00.0'], ['1', '00000000:2A:00.0']]
 */
export function nvidiaSmiRows(query: 'gpu' | 'compute-apps', fields: readonly string[], gpu?: number): string[][] | undefined {
  try {
    const args = [`--query-${query}=${fields.join(',')}`, '--format=csv,noheader,nounits', ...(gpu === undefined ? [] : [`--id=${gpu}`])];
    const out = execFileSync('nvidia-smi', args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => line.split(',').map((s) => s.trim()));
  } catch {
    return undefined;
  }
}

/**
 * The first GPU's values of nvidia-smi's `--query-gpu` fields, in order, or undefined where nvidia-smi is missing
 * or fails.
 *
 * @example
 * nvidiaSmi(['clocks.sm', 'clocks_event_reasons.active']); // ['1980', '0x0000000000000000'] on a busy H100
 */
export function nvidiaSmi(fields: readonly string[]): string[] | undefined {
  return nvidiaSmiRows('gpu', fields, 0)?.[0];
}
