import { execFileSync } from 'node:child_process';

/**
 * The first GPU's values of nvidia-smi's `--query-gpu` fields, in order, or undefined where nvidia-smi is missing
 * or fails (lavapipe, other vendors).
 *
 * @example
 * nvidiaSmi(['clocks.sm', 'clocks_event_reasons.active']); // ['1980', '0x0000000000000000'] on a busy H100
 */
export function nvidiaSmi(fields: readonly string[]): string[] | undefined {
  try {
    const out = execFileSync('nvidia-smi', [`--query-gpu=${fields.join(',')}`, '--format=csv,noheader,nounits', '--id=0'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
    return out.split('\n')[0].split(',').map((s) => s.trim());
  } catch {
    return undefined;
  }
}
