interface Entry {
  readonly value: unknown;
  readonly bytes: number;
  readonly dispose: (value: never) => void;
  /** Open tasks using it: a deleted entry is disposed when the last lets go. */
  pins: number;
}

/**
 * Data a device keeps between tasks — a graph uploaded once for many queries, the pivot blocks broadcast for
 * one round of blocked Floyd-Warshall — by key, with its size. The host decides what goes in and out (it
 * mirrors each device's keys), so a task sends data only to a device that lacks it. A task pins what it uses,
 * so that deleting an entry never frees it under a task still queued on the device.
 *
 * @example
 * ```ts
 * const runner = device.resident.get<BfsRunner>('graph') ?? device.resident.put('graph', await BfsRunner.create(device.runtime, csr), 0, (r) => r.destroy());
 * ```
 */
export class ResidentStore {
  readonly #entries = new Map<string, Entry>();
  /** Deleted entries still pinned, by value. */
  readonly #orphans = new Map<unknown, Entry>();
  #bytes = 0;

  /** Bytes held (as the callers declared them), deleted entries still pinned included. */
  get bytes(): number {
    return this.#bytes;
  }

  get<T>(key: string): T | undefined {
    return this.#entries.get(key)?.value as T | undefined;
  }

  /** The value under `key`; throws naming the key when the host sent a task expecting data the device lacks. */
  require<T>(key: string): T {
    const entry = this.#entries.get(key);
    if (entry === undefined) throw new Error(`resident data '${key}' is not on this device; the host must send it before a task uses it`);
    return entry.value as T;
  }

  /** Keeps `value` under `key` (replacing an older one); returns it. */
  put<T>(key: string, value: T, bytes: number, dispose: (value: T) => void): T {
    this.delete(key);
    this.#entries.set(key, { value, bytes, dispose: dispose as (value: never) => void, pins: 0 });
    this.#bytes += bytes;
    return value;
  }

  /** {@link require}, and holds the entry until {@link unpin}. */
  pin<T>(key: string): T {
    const value = this.require<T>(key);
    this.#entries.get(key)!.pins += 1;
    return value;
  }

  unpin(key: string, value: unknown): void {
    const entry = this.#entries.get(key);
    if (entry !== undefined && entry.value === value) {
      entry.pins -= 1;
      return;
    }
    // Deleted while pinned: the last task using it frees it.
    const orphan = this.#orphans.get(value);
    if (orphan === undefined) return;
    orphan.pins -= 1;
    if (orphan.pins === 0) this.#dispose(value, orphan);
  }

  /** Drops the entry under `key`, if any: disposed now, or when the last task pinning it lets go. */
  delete(key: string): void {
    const entry = this.#entries.get(key);
    if (entry === undefined) return;
    this.#entries.delete(key);
    if (entry.pins > 0) this.#orphans.set(entry.value, entry);
    else this.#dispose(entry.value, entry);
  }

  /** Drops every entry whose key starts with `prefix`. */
  deletePrefix(prefix: string): void {
    for (const key of [...this.#entries.keys()]) if (key.startsWith(prefix)) this.delete(key);
  }

  #dispose(value: unknown, entry: Entry): void {
    this.#orphans.delete(value);
    this.#bytes -= entry.bytes;
    entry.dispose(value as never);
  }
}
