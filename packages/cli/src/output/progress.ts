import { SingleBar, Presets } from 'cli-progress';
import { wantsProgress, type CliIo } from '../io.js';

/** Reports pivot steps as they complete; a bar on a terminal, nothing otherwise (CI logs, pipes, tests). */
export interface Progress {
  update(done: number, total: number): void;
  stop(): void;
}

const SILENT: Progress = { update() {}, stop() {} };

/** A bar on stderr in the house look; `format` is cli-progress's (`{bar}`, `{percentage}`, payload keys). */
export function createBar(io: CliIo, format: string): SingleBar {
  return new SingleBar(
    { stream: io.stderr as unknown as NodeJS.WritableStream, format, hideCursor: true, clearOnComplete: true, etaBuffer: 4 },
    Presets.shades_classic,
  );
}

/** A progress bar on stderr when it is a terminal. */
export function progressBar(io: CliIo, label: string): Progress {
  if (!wantsProgress(io)) return SILENT;
  const bar = createBar(io, `${label} {bar} {percentage}% | pivot steps {value}/{total} | {duration_formatted}`);
  let started = false;
  return {
    update(done, total) {
      if (!started) {
        bar.start(total, 0);
        started = true;
      }
      bar.update(done);
    },
    stop() {
      if (started) bar.stop();
    },
  };
}
