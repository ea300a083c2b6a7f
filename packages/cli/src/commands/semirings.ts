import { listSemirings } from '@semiforge/codegen';
import type { CliIo } from '../io.js';
import { table } from '../output/format.js';

/** `semiforge semirings`: the registered semirings, with their types and whether FW can use them. */
export function runSemirings(flags: { json?: boolean }, io: CliIo): number {
  const semirings = listSemirings().map((s) => ({
    name: s.name,
    types: [...s.types],
    idempotent: s.idempotent,
    zero: s.zero,
    one: s.one,
    description: s.description,
  }));
  if (flags.json) {
    io.stdout.write(`${JSON.stringify({ semirings }, null, 2)}\n`);
    return 0;
  }
  const rows = semirings.map((s) => [s.name, s.types.join(','), s.idempotent ? 'yes' : 'no', String(s.zero), String(s.one), s.description]);
  io.stdout.write(table(['NAME', 'TYPES', 'IDEMPOTENT', 'ZERO', 'ONE', 'DESCRIPTION'], rows));
  return 0;
}
