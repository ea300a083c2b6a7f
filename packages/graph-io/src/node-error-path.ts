/**
 * Names `path` in a Node I/O error that lacks it, and returns the error. Node names the file when `open` or
 * `stat` fails, but not when a read on an open handle does: reading a directory fails with a bare
 * `EISDIR: illegal operation on a directory, read`. The error stays Node's own (code, errno, syscall); it
 * gains `path` and the message Node itself would give (`…, read 'graphs/'`). Other errors pass as they are.
 *
 * @example
 * ```ts
 * bytes = await readFile(path).catch((error: unknown) => { throw namePathIn(error, path); });
 * ```
 */
export function namePathIn(error: unknown, path: string): unknown {
  if (!(error instanceof Error) || !('syscall' in error) || typeof (error as { code?: unknown }).code !== 'string') return error;
  const io = error as Error & { path?: string };
  if (io.path !== undefined) return error;
  io.path = path;
  io.message = `${io.message} '${path}'`;
  return error;
}
