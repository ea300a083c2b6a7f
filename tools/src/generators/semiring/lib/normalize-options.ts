import { names } from '@nx/devkit';
import { ts } from 'ts-morph';
import type { SemiringElementType, SemiringGeneratorSchema } from '../schema.js';

/** Where the semirings live, relative to the workspace root. */
export const SEMIRINGS_DIR = 'packages/codegen/src/semirings';

/** The barrel that holds `BUILTIN_SEMIRINGS`. */
export const SEMIRINGS_INDEX = `${SEMIRINGS_DIR}/index.ts`;

/** The rule of `defineSemiring` (packages/codegen/src/semiring/semiring.ts), checked before anything is written. */
const NAME_RULE = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const ELEMENT_TYPES: readonly SemiringElementType[] = ['f32', 'i32', 'u32'];

/**
 * The working example the new file starts from. (max, +) needs a "no edge" value below the ⊗ identity 0,
 * which u32 lacks (its NEG_INF is 0), so a semiring that covers u32 starts from (min, max) instead.
 */
export type SemiringExample = 'max-plus' | 'min-max';

const EXAMPLE_DESCRIPTION: Record<SemiringExample, string> = {
  'max-plus': 'longest paths: ⊕ = max, ⊗ = + saturating at NEG_INF',
  'min-max': 'minimax paths: ⊕ = min, ⊗ = max',
};

export interface NormalizedSemiringOptions {
  /** kebab-case name, also the file name: `max-plus`. */
  readonly name: string;
  /** camelCase export: `maxPlus`. */
  readonly exportName: string;
  readonly description: string;
  /** In the canonical order f32, i32, u32, without repeats. */
  readonly types: readonly SemiringElementType[];
  readonly idempotent: boolean;
  readonly example: SemiringExample;
  readonly directory: string;
  readonly semiringFile: string;
  readonly testFile: string;
}

/** Words an ES module cannot bind: reserved words, strict-mode reserved words, and `await`. */
function isReservedWord(identifier: string): boolean {
  const kind = ts.identifierToKeywordKind(ts.factory.createIdentifier(identifier));
  return kind !== undefined && (kind <= ts.SyntaxKind.LastFutureReservedWord || kind === ts.SyntaxKind.AwaitKeyword);
}

/** Checks the options (the CLI validates them against schema.json too; direct callers may not) and derives the rest. */
export function normalizeOptions(schema: SemiringGeneratorSchema): NormalizedSemiringOptions {
  const name = (schema.name ?? '').trim();
  if (!NAME_RULE.test(name)) {
    throw new Error(`semiring name must be kebab-case (${NAME_RULE}), e.g. 'max-plus'; got '${name}'`);
  }
  const exportName = names(name).propertyName;
  if (isReservedWord(exportName)) {
    throw new Error(`semiring name '${name}' would export '${exportName}', a reserved word; pick another name`);
  }
  const requested = schema.types ?? ['f32'];
  if (requested.length === 0) throw new Error(`--types must list at least one of ${ELEMENT_TYPES.join(', ')}`);
  for (const t of requested) {
    if (!ELEMENT_TYPES.includes(t)) {
      throw new Error(`unknown element type '${t}' in --types (one of ${ELEMENT_TYPES.join(', ')})`);
    }
  }
  const types = ELEMENT_TYPES.filter((t) => requested.includes(t));
  const example: SemiringExample = types.includes('u32') ? 'min-max' : 'max-plus';
  const description = schema.description?.trim() || EXAMPLE_DESCRIPTION[example];
  return {
    name,
    exportName,
    description,
    types,
    idempotent: schema.idempotent ?? true,
    example,
    directory: SEMIRINGS_DIR,
    semiringFile: `${SEMIRINGS_DIR}/${name}.ts`,
    testFile: `${SEMIRINGS_DIR}/${name}.test.ts`,
  };
}

/** A single-quoted TypeScript string literal. */
export function tsString(text: string): string {
  return `'${text.replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\r?\n/g, ' ')}'`;
}

/** The values the templates substitute (`__name__` in file names, `<%= … %>` in contents). */
export function templateSubstitutions(o: NormalizedSemiringOptions): Record<string, unknown> {
  return {
    name: o.name,
    exportName: o.exportName,
    nameLiteral: tsString(o.name),
    descriptionLiteral: tsString(o.description),
    // Closing a doc comment early would break the file.
    docDescription: o.description.replace(/\*\//g, '*\\/').replace(/\r?\n/g, ' '),
    typesLiteral: `[${o.types.map(tsString).join(', ')}]`,
    hasF32: o.types.includes('f32'),
    hasI32: o.types.includes('i32'),
    idempotent: o.idempotent,
  };
}
