/** The Node built-in modules graph-io's file, compression and worker functions use. */
interface NodeBuiltins {
  'node:buffer': typeof import('node:buffer');
  'node:fs/promises': typeof import('node:fs/promises');
  'node:module': typeof import('node:module');
  'node:os': typeof import('node:os');
  'node:stream/promises': typeof import('node:stream/promises');
  'node:url': typeof import('node:url');
  'node:util': typeof import('node:util');
  'node:worker_threads': typeof import('node:worker_threads');
  'node:zlib': typeof import('node:zlib');
}

type GetBuiltinModule = (id: string) => unknown;

/**
 * A Node built-in module, fetched when a function that needs it runs (`process.getBuiltinModule`, Node ≥ 20.16)
 * rather than imported at the top of a file: browser bundlers then see no `node:` import, so the parsers,
 * generators, containers and transforms load in a browser. There, a Node-only function throws this error,
 * naming itself (`feature`) and what to use instead.
 *
 * @example
 * ```ts
 * const { readFile } = nodeBuiltin('node:fs/promises', 'readGraphFile');
 * ```
 */
export function nodeBuiltin<K extends keyof NodeBuiltins>(name: K, feature: string): NodeBuiltins[K] {
  const get = builtinGetter();
  if (get === undefined) {
    throw new Error(
      `${feature} needs Node.js ≥ 20.16 (${name}); in a browser, fetch the file and pass its text or bytes to parseGraph, readMatrixMarket, readEdgeList or readDimacsGr`,
    );
  }
  return get(name) as NodeBuiltins[K];
}

/** Whether {@link nodeBuiltin} can fetch modules here (Node ≥ 20.16), so that a function may pick a Node-only path or its portable one. */
export const hasNodeBuiltins = (): boolean => builtinGetter() !== undefined;

function builtinGetter(): GetBuiltinModule | undefined {
  const get = (globalThis as { process?: { getBuiltinModule?: GetBuiltinModule } }).process?.getBuiltinModule;
  return typeof get === 'function' ? get : undefined;
}
