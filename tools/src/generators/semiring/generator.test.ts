import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Tree } from '@nx/devkit';
import { createTreeWithEmptyWorkspace } from '@nx/devkit/testing.js';
import { Project, SyntaxKind } from 'ts-morph';
import { beforeEach, describe, expect, it } from 'vitest';
import { semiringGenerator } from './generator.js';
import { SEMIRINGS_DIR, SEMIRINGS_INDEX } from './lib/normalize-options.js';
import type { SemiringGeneratorSchema } from './schema.js';

const workspaceRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const semiringsOnDisk = `${workspaceRoot}${SEMIRINGS_DIR}`;

/** A virtual workspace holding copies of the real semirings (index.ts and the definitions it imports). */
function seededTree(): Tree {
  const tree = createTreeWithEmptyWorkspace();
  // Semiforge has no Prettier config, so formatFiles leaves files alone; the test workspace's .prettierrc
  // would make it reformat them with Prettier's defaults.
  tree.delete('.prettierrc');
  for (const file of readdirSync(semiringsOnDisk)) {
    if (file.endsWith('.ts') && !file.endsWith('.test.ts')) {
      tree.write(`${SEMIRINGS_DIR}/${file}`, readFileSync(`${semiringsOnDisk}/${file}`, 'utf8'));
    }
  }
  return tree;
}

/** The index as the TypeScript parser sees it: imports, the barrel's exports and the registry array. */
function readIndex(tree: Tree) {
  const index = new Project({ useInMemoryFileSystem: true }).createSourceFile('index.ts', tree.read(SEMIRINGS_INDEX, 'utf-8')!);
  return {
    imports: index.getImportDeclarations().map((d) => [d.getModuleSpecifierValue(), d.getNamedImports().map((n) => n.getName())]),
    exports: index.getExportDeclarations().flatMap((d) => d.getNamedExports().map((n) => n.getName())),
    registry: index
      .getVariableDeclarationOrThrow('BUILTIN_SEMIRINGS')
      .getInitializerIfKindOrThrow(SyntaxKind.ArrayLiteralExpression)
      .getElements()
      .map((e) => e.getText()),
  };
}

describe('semiring generator', () => {
  let tree: Tree;
  beforeEach(() => {
    tree = seededTree();
  });

  it('writes the definition and its test from the templates', async () => {
    await semiringGenerator(tree, { name: 'max-plus' });
    const source = tree.read(`${SEMIRINGS_DIR}/max-plus.ts`, 'utf-8')!;
    expect(source).toContain('export const maxPlus = defineSemiring({');
    expect(source).toContain("name: 'max-plus',");
    expect(source).toContain("types: ['f32'],");
    expect(source).toContain('idempotent: true,');
    expect(source).toContain("zero: 'NEG_INF',");
    expect(source).toContain("f32: 'max(select(a + b, NEG_INF, (a <= NEG_INF) | (b <= NEG_INF)), NEG_INF)',");
    expect(source).not.toMatch(/\bi32: '|case 'i32'|TODO|<%|%>/);
    const test = tree.read(`${SEMIRINGS_DIR}/max-plus.test.ts`, 'utf-8')!;
    expect(test).toContain("import { maxPlus as semiring } from './max-plus.js';");
    expect(test).toContain("import { generateKernel } from '../generate.js';");
    expect(test).toContain("op: 'fw_update'");
  });

  it('registers the semiring in index.ts: import, barrel export and BUILTIN_SEMIRINGS', async () => {
    const before = readIndex(tree);
    await semiringGenerator(tree, { name: 'max-plus' });
    const after = readIndex(tree);
    expect(after.imports).toEqual(
      [...before.imports, ['./max-plus.js', ['maxPlus']]].sort(([a], [b]) => (a! < b! ? -1 : a! > b! ? 1 : 0)),
    );
    expect(after.exports).toEqual([...before.exports, 'maxPlus'].sort());
    expect(after.registry).toEqual([...before.registry, 'maxPlus']);
    const text = tree.read(SEMIRINGS_INDEX, 'utf-8')!;
    expect(text).toContain("import { maxPlus } from './max-plus.js';");
    expect(text).toMatch(/BUILTIN_SEMIRINGS: readonly Semiring\[\] = \[minPlus, plusTimes, maxMin, orAnd, maxPlus\];/);
  });

  it('keeps the index formatted as it was, apart from the three additions', async () => {
    const before = tree.read(SEMIRINGS_INDEX, 'utf-8')!;
    await semiringGenerator(tree, { name: 'max-plus' });
    const after = tree.read(SEMIRINGS_INDEX, 'utf-8')!;
    const removed = before.split('\n').filter((l) => !after.split('\n').includes(l));
    expect(removed).toEqual([
      'export { maxMin, minPlus, orAnd, plusTimes };',
      'export const BUILTIN_SEMIRINGS: readonly Semiring[] = [minPlus, plusTimes, maxMin, orAnd];',
    ]);
  });

  it('lists BUILTIN_SEMIRINGS one per line, with trailing commas, once its line passes 120 columns', async () => {
    for (const name of ['max-plus', 'longest-paths', 'widest-paths']) await semiringGenerator(tree, { name });
    expect(tree.read(SEMIRINGS_INDEX, 'utf-8')).toContain(
      'BUILTIN_SEMIRINGS: readonly Semiring[] = [\n  minPlus,\n  plusTimes,\n  maxMin,\n  orAnd,\n  maxPlus,\n  longestPaths,\n  widestPaths,\n];',
    );
    await semiringGenerator(tree, { name: 'reliable-paths' });
    expect(tree.read(SEMIRINGS_INDEX, 'utf-8')).toContain('  longestPaths,\n  widestPaths,\n  reliablePaths,\n];');
    expect(readIndex(tree).registry.at(-1)).toBe('reliablePaths');
  });

  it('keeps a multi-line barrel export multi-line and sorted', async () => {
    const index = tree.read(SEMIRINGS_INDEX, 'utf-8')!;
    tree.write(SEMIRINGS_INDEX, index.replace('export { maxMin, minPlus, orAnd, plusTimes };', 'export {\n  maxMin,\n  minPlus,\n  orAnd,\n  plusTimes,\n};'));
    await semiringGenerator(tree, { name: 'max-plus' });
    expect(tree.read(SEMIRINGS_INDEX, 'utf-8')).toContain('export {\n  maxMin,\n  maxPlus,\n  minPlus,\n  orAnd,\n  plusTimes,\n};');
  });

  it.each<[SemiringGeneratorSchema, RegExp[]]>([
    [{ name: 'longest', types: ['i32', 'f32'] }, [/types: \['f32', 'i32'\]/, /case 'f32':/, /case 'i32':/, /one: 0,/]],
    [{ name: 'reliable', types: ['u32'] }, [/types: \['u32'\]/, /zero: 'INF',/, /one: 'NEG_INF',/, /mul: 'max\(a, b\)'/]],
    [{ name: 'plain', idempotent: false }, [/idempotent: false,/]],
    [{ name: 'quoted', description: "it's a */ test" }, [/description: 'it\\'s a \*\/ test',/, /\* quoted — it's a \*\\\/ test\./]],
  ])('fills the template from %j', async (options, patterns) => {
    await semiringGenerator(tree, options);
    const source = tree.read(`${SEMIRINGS_DIR}/${options.name}.ts`, 'utf-8')!;
    for (const p of patterns) expect(source).toMatch(p);
  });

  it('refuses a semiring whose file exists already', async () => {
    await semiringGenerator(tree, { name: 'max-plus' });
    await expect(semiringGenerator(tree, { name: 'max-plus' })).rejects.toThrow(
      `semiring 'max-plus': ${SEMIRINGS_DIR}/max-plus.ts already exists`,
    );
  });

  it('refuses a name already in BUILTIN_SEMIRINGS, by export or by the name its definition declares', async () => {
    tree.delete(`${SEMIRINGS_DIR}/min-plus.ts`);
    await expect(semiringGenerator(tree, { name: 'min-plus' })).rejects.toThrow(
      /'min-plus' is already in BUILTIN_SEMIRINGS \(packages\/codegen\/src\/semirings\/index.ts\) as minPlus/,
    );
    // The same definition under another file and export: only its `name: 'max-min'` gives it away.
    const maxMin = tree.read(`${SEMIRINGS_DIR}/max-min.ts`, 'utf-8')!;
    tree.delete(`${SEMIRINGS_DIR}/max-min.ts`);
    tree.write(`${SEMIRINGS_DIR}/bottleneck.ts`, maxMin.replace('export const maxMin', 'export const bottleneck'));
    const index = tree.read(SEMIRINGS_INDEX, 'utf-8')!;
    tree.write(SEMIRINGS_INDEX, index.replaceAll('maxMin', 'bottleneck').replace("'./max-min.js'", "'./bottleneck.js'"));
    await expect(semiringGenerator(tree, { name: 'max-min' })).rejects.toThrow(
      "'max-min' is already in BUILTIN_SEMIRINGS (packages/codegen/src/semirings/index.ts) as bottleneck (name 'max-min')",
    );
  });

  it('leaves the tree untouched when it refuses', async () => {
    const before = tree.listChanges().map((c) => c.path);
    await expect(semiringGenerator(tree, { name: 'plus-times' })).rejects.toThrow(/already exists/);
    expect(tree.listChanges().map((c) => c.path)).toEqual(before);
  });

  it.each<[SemiringGeneratorSchema, RegExp]>([
    [{ name: 'Max Plus' }, /must be kebab-case/],
    [{ name: 'max_plus' }, /must be kebab-case/],
    [{ name: 'delete' }, /'delete', a reserved word/],
    [{ name: 'max-plus', types: [] }, /at least one of f32, i32, u32/],
    [{ name: 'max-plus', types: ['f64' as never] }, /unknown element type 'f64'/],
  ])('rejects %j', async (options, message) => {
    await expect(semiringGenerator(tree, options)).rejects.toThrow(message);
  });
});
