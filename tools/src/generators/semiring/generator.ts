import { fileURLToPath } from 'node:url';
import { formatFiles, generateFiles, logger, OverwriteStrategy, type GeneratorCallback, type Tree } from '@nx/devkit';
import { normalizeOptions, SEMIRINGS_INDEX, templateSubstitutions, type NormalizedSemiringOptions, type SemiringExample } from './lib/normalize-options.js';
import { addToRegistry, boundNames, readRegistry, REGISTRY_ARRAY } from './lib/semiring-registry.js';
import type { SemiringGeneratorSchema } from './schema.js';

const FILES = fileURLToPath(new URL('./files', import.meta.url));

const EXAMPLE_LABEL: Record<SemiringExample, string> = { 'max-plus': '(max, +)', 'min-max': '(min, max)' };

/** Refuses a semiring whose file, export or name exists already: the message says which and where. */
function assertNew(tree: Tree, o: NormalizedSemiringOptions): void {
  for (const path of [o.semiringFile, o.testFile]) {
    if (tree.exists(path)) throw new Error(`semiring '${o.name}': ${path} already exists; pick another name or edit that file`);
  }
  if (!tree.exists(SEMIRINGS_INDEX)) throw new Error(`${SEMIRINGS_INDEX} not found: run the generator from the Semiforge workspace root`);
  const registered = readRegistry(tree, SEMIRINGS_INDEX);
  const clash = registered.find((s) => s.name === o.name || s.exportName === o.exportName);
  if (clash) {
    throw new Error(
      `semiring '${o.name}' is already in ${REGISTRY_ARRAY} (${SEMIRINGS_INDEX}) as ${clash.exportName}` +
        `${clash.name ? ` (name '${clash.name}')` : ''}; pick another name`,
    );
  }
  if (boundNames(tree, SEMIRINGS_INDEX).has(o.exportName)) {
    throw new Error(`semiring '${o.name}': ${SEMIRINGS_INDEX} already binds '${o.exportName}'; pick another name`);
  }
}

/**
 * `nx g @semiforge/tools:semiring NAME`: writes `<name>.ts` (a working example to edit) and `<name>.test.ts`
 * under packages/codegen/src/semirings and registers the semiring in BUILTIN_SEMIRINGS.
 */
export async function semiringGenerator(tree: Tree, schema: SemiringGeneratorSchema): Promise<GeneratorCallback> {
  const options = normalizeOptions(schema);
  assertNew(tree, options);
  const substitutions = templateSubstitutions(options);
  const overwrite = { overwriteStrategy: OverwriteStrategy.ThrowIfExisting };
  generateFiles(tree, `${FILES}/${options.example}`, options.directory, substitutions, overwrite);
  generateFiles(tree, `${FILES}/test`, options.directory, substitutions, overwrite);
  addToRegistry(tree, SEMIRINGS_INDEX, options);
  await formatFiles(tree);
  return () => {
    logger.info(
      `Semiring '${options.name}' starts from the ${EXAMPLE_LABEL[options.example]} example: edit ${options.semiringFile}, ` +
        `then check it with \`npx vitest run src/semirings/${options.name}.test.ts\` in packages/codegen.`,
    );
  };
}

export default semiringGenerator;
