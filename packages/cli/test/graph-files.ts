import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

/**
 * Small graph files for a test file's commands: a temporary folder holding `files` (name → text), written when the
 * test file loads (so their paths are known at once) and removed after its tests. `path(name)` names one;
 * `write(name, text)` adds one during a test and returns its path.
 *
 * @example
 * const files = graphFiles('semiforge-bfs-', { 'ids.el': '10 20\n20 30\n' });
 * await runCli(['bfs', files.path('ids.el'), '--symmetrize', '--source', '10']);
 */
export function graphFiles(prefix: string, files: Readonly<Record<string, string>>) {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const path = (name: string) => join(dir, name);
  for (const [name, text] of Object.entries(files)) writeFileSync(path(name), text);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return {
    path,
    write: (name: string, text: string): string => {
      writeFileSync(path(name), text);
      return path(name);
    },
  };
}
