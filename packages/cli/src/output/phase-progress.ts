import type { SingleBar } from 'cli-progress';
import { wantsProgress, type CliIo } from '../io.js';
import { createBar } from './progress.js';

/** Progress of a command made of phases (read, build, write), each with its own units (bytes, or 1 step). */
export interface Phases {
  /** Starts the next phase; `total` units, or 1 for a phase that only reports its end. */
  phase(name: string, total?: number): void;
  /** Units done so far, and the phase's total where it was not known at its start. */
  update(done: number, total?: number): void;
  stop(): void;
}

const SILENT: Phases = { phase() {}, update() {}, stop() {} };

/** Commands that end sooner show no bar at all: a flash of a bar is noise. */
const SHOW_AFTER_MS = 1000;

/**
 * A bar on stderr, only on a terminal and only once the command has run for a second: `convert reading
 * [████░░░░] 48% | 3s`. Phases with byte counts (binary files) fill smoothly; the others jump at their end.
 *
 * @example
 * ```ts
 * const p = phaseProgress(io, 'convert');
 * p.phase('reading', size); p.update(done); p.phase('building CSR'); p.stop();
 * ```
 */
export function phaseProgress(io: CliIo, command: string): Phases {
  if (!wantsProgress(io)) return SILENT;
  const started = Date.now();
  let bar: SingleBar | undefined;
  let name = '';
  let total = 1;
  let done = 0;
  const draw = (): void => {
    if (bar === undefined) {
      if (Date.now() - started < SHOW_AFTER_MS) return;
      bar = createBar(io, `${command} {phase} {bar} {percentage}% | {duration_formatted}`);
      bar.start(total, done, { phase: name });
    } else {
      bar.setTotal(total);
      bar.update(done, { phase: name });
    }
  };
  // Also draws during an async phase that reports nothing (a text file being read).
  const timer = setTimeout(draw, SHOW_AFTER_MS);
  timer.unref();
  return {
    phase(next, units = 1) {
      name = next;
      total = Math.max(1, units);
      done = 0;
      draw();
    },
    update(value, units) {
      done = value;
      if (units !== undefined) total = Math.max(1, units);
      draw();
    },
    stop() {
      clearTimeout(timer);
      bar?.stop();
    },
  };
}
