// Same-run peers in Python (SciPy, CuPy) on the machine that runs the suite: the script prints one JSON
// line last; a missing interpreter or package surfaces as the script's own last line of stderr.
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

/** A script of benchmarks/peers, resolved from the repository root (the working directory), so that it also works from a bundle. */
export function peerScript(name: string): string {
  return join(process.cwd(), 'benchmarks/peers', name);
}

/** Runs `python3 script ...args`; returns its last stdout line parsed as JSON. Throws with the last stderr line. */
export function runPython(script: string, args: string[]): unknown {
  try {
    const out = execFileSync('python3', [script, ...args], { encoding: 'utf8', maxBuffer: 1 << 20, stdio: ['ignore', 'pipe', 'pipe'] });
    return JSON.parse(out.trim().split('\n').pop()!);
  } catch (e) {
    const stderr = String((e as { stderr?: unknown }).stderr ?? '').trim();
    throw new Error(stderr ? stderr.split('\n').pop()! : (e as Error).message.split('\n')[0]);
  }
}
