import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** `/work/shared/data` seen from this package: packages/graph-io/test/helpers → ../../../../../shared/data. */
export const SHARED_DATA_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '../../../../../shared/data');

/** Whether the shared real-data files are present (tests that need them skip otherwise). */
export const HAS_SHARED_DATA = existsSync(join(SHARED_DATA_DIR, 'PROVENANCE.md'));

/** Reason shown when data tests are skipped. */
export const SHARED_DATA_SKIP_REASON = `shared data not found at ${SHARED_DATA_DIR} (see shared/data/PROVENANCE.md)`;

/** Path of a file under the shared data directory, e.g. `dataPath('lagraph/karate.mtx')`. */
export function dataPath(relative: string): string {
  return join(SHARED_DATA_DIR, relative);
}
