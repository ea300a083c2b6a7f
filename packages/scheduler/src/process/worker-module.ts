import { existsSync } from 'node:fs';
import { extname } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Path of the package's own worker script (`worker-entry`, beside this module: `.ts` from the sources, `.js`
 * from the build), or undefined where there is none, e.g. inside a bundle — whose entry then serves as its own
 * worker (the default of `openProcessBackend`).
 *
 * @example
 * ```ts
 * const backend = await openProcessBackend({ gpus: 2, module: packagedWorkerModule() });
 * ```
 */
export function packagedWorkerModule(): string | undefined {
  const here = fileURLToPath(import.meta.url);
  const path = fileURLToPath(new URL(`./worker-entry${extname(here)}`, import.meta.url));
  return existsSync(path) ? path : undefined;
}
