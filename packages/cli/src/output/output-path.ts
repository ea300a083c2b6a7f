import { constants } from 'node:fs';
import { access, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import { CliError, writeFailure } from '../errors.js';

/**
 * Refuses an output path that cannot be written, before the command does its work: a typo in `-o` would
 * otherwise be found only after a long read, build or GPU run, whose result is then lost. The folder must
 * exist and be writable, and the path must not be a folder; errors name the path (`cannot write 'x/d.bin': …`).
 *
 * @example
 * ```ts
 * if (flags.out !== undefined) await checkOutputPath(flags.out);
 * ```
 */
export async function checkOutputPath(path: string): Promise<void> {
  try {
    await access(dirname(path), constants.W_OK);
  } catch (error) {
    throw writeFailure(error, path);
  }
  const existing = await stat(path).catch(() => undefined);
  if (existing?.isDirectory()) throw new CliError(`cannot write '${path}': is a directory`);
}
