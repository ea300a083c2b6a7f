// End to end: the files the generator writes, put into a copy of packages/codegen/src, type-check and
// pass their own tests. The copy lives in the OS temp dir with a node_modules link to the workspace's.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing.js';
import { Project, ts } from 'ts-morph';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { semiringGenerator } from './generator.js';
import { SEMIRINGS_DIR } from './lib/normalize-options.js';
import type { SemiringGeneratorSchema } from './schema.js';

const run = promisify(execFile);
const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const CODEGEN_SRC = 'packages/codegen/src';

/** One per template branch: (max, +) for f32, i32 and both; (min, max) once u32 is in; not idempotent. */
const VARIANTS: SemiringGeneratorSchema[] = [
  { name: 'max-plus' },
  { name: 'longest', types: ['f32', 'i32'] },
  { name: 'longest-int', types: ['i32'] },
  { name: 'minimax', types: ['u32'] },
  { name: 'minimax-all', types: ['u32', 'f32', 'i32'], idempotent: false, description: "it's a */ test" },
];

/** The tree's copies of the semiring files, after running every variant through the generator. */
async function generateAll(): Promise<Tree> {
  const tree = createTreeWithEmptyWorkspace();
  tree.delete('.prettierrc');
  const dir = join(workspaceRoot, SEMIRINGS_DIR);
  for (const file of readdirSync(dir)) {
    if (file.endsWith('.ts') && !file.endsWith('.test.ts')) tree.write(`${SEMIRINGS_DIR}/${file}`, readFileSync(join(dir, file), 'utf8'));
  }
  for (const v of VARIANTS) await semiringGenerator(tree, v);
  return tree;
}

describe('generated semirings in a copy of @semiforge/codegen', () => {
  let root: string;
  let written: string[];

  beforeAll(async () => {
    const tree = await generateAll();
    root = mkdtempSync(join(tmpdir(), 'semiforge-semiring-'));
    symlinkSync(join(workspaceRoot, 'node_modules'), join(root, 'node_modules'), 'dir');
    cpSync(join(workspaceRoot, CODEGEN_SRC), join(root, CODEGEN_SRC), {
      recursive: true,
      filter: (src) => !src.endsWith('.test.ts'),
    });
    writeFileSync(join(root, 'packages/codegen/package.json'), JSON.stringify({ name: 'codegen-copy', type: 'module' }));
    written = tree.listChanges().filter((c) => c.path.startsWith(`${SEMIRINGS_DIR}/`) && c.content).map((c) => c.path);
    for (const path of written) {
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), tree.read(path)!);
    }
  });

  afterAll(() => {
    if (root) rmSync(root, { recursive: true, force: true });
  });

  it('type-check (strict, NodeNext) against the real codegen sources', () => {
    const project = new Project({ tsConfigFilePath: join(workspaceRoot, 'packages/codegen/tsconfig.json'), skipAddingFilesFromTsConfig: true });
    project.addSourceFilesAtPaths(join(root, CODEGEN_SRC, '**/*.ts'));
    const messages = written.flatMap((path) =>
      project
        .getSourceFileOrThrow(join(root, path))
        .getPreEmitDiagnostics()
        .map((d) => `${path}:${d.getLineNumber()}: ${ts.flattenDiagnosticMessageText(d.compilerObject.messageText, '\n')}`),
    );
    expect(messages).toEqual([]);
  });

  it('pass their own tests (vitest in the copy)', async () => {
    const inherited = Object.entries(process.env).filter(([k]) => !k.startsWith('VITEST') && k !== 'NODE_ENV' && k !== 'FORCE_COLOR');
    const env = { ...Object.fromEntries(inherited), NO_COLOR: '1' };
    const vitest = join(workspaceRoot, 'node_modules/vitest/vitest.mjs');
    const result = await run(process.execPath, [vitest, 'run', '--root', join(root, 'packages/codegen')], { env, maxBuffer: 1 << 24 }).catch(
      (e: { stdout: string; stderr: string }) => ({ stdout: e.stdout, stderr: `${e.stderr}\nvitest failed` }),
    );
    const output = `${result.stdout}\n${result.stderr}`;
    expect(output).not.toContain('vitest failed');
    expect(output).toMatch(new RegExp(`Test Files\\s+${VARIANTS.length} passed \\(${VARIANTS.length}\\)`));
  });
});
