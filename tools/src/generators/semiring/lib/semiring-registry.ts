import { posix } from 'node:path';
import type { Tree } from '@nx/devkit';
import { IndentationText, Node, Project, QuoteKind, SyntaxKind, type ArrayLiteralExpression, type SourceFile } from 'ts-morph';

/** The array of packages/codegen/src/semirings/index.ts that the codegen registry starts from. */
export const REGISTRY_ARRAY = 'BUILTIN_SEMIRINGS';

/** A semiring listed in the registry array: its export and, when its definition could be read, its name. */
export interface RegisteredSemiring {
  readonly exportName: string;
  readonly name: string | undefined;
}

/** An in-memory ts-morph project holding a copy of the tree's file: edits go back through `tree.write`. */
function openFromTree(tree: Tree, path: string): SourceFile {
  const text = tree.read(path, 'utf-8');
  if (text === null) throw new Error(`${path} does not exist`);
  const project = new Project({
    useInMemoryFileSystem: true,
    manipulationSettings: { quoteKind: QuoteKind.Single, indentationText: IndentationText.TwoSpaces },
  });
  return project.createSourceFile(path, text);
}

function registryArray(index: SourceFile, indexPath: string): ArrayLiteralExpression {
  const decl = index.getVariableDeclaration(REGISTRY_ARRAY);
  if (!decl) throw new Error(`${indexPath} declares no ${REGISTRY_ARRAY}`);
  let init = decl.getInitializer();
  // `[...] as const`, `[...] satisfies …`, `([...])`
  while (init && (Node.isAsExpression(init) || Node.isSatisfiesExpression(init) || Node.isParenthesizedExpression(init))) {
    init = init.getExpression();
  }
  if (!init || !Node.isArrayLiteralExpression(init)) {
    throw new Error(`${REGISTRY_ARRAY} in ${indexPath} is not an array literal`);
  }
  return init;
}

/** The `name` of a `defineSemiring({ name: '…', … })` call. */
function nameOfDefinition(node: Node | undefined): string | undefined {
  const call = node?.asKind(SyntaxKind.CallExpression);
  const arg = call?.getArguments()[0]?.asKind(SyntaxKind.ObjectLiteralExpression);
  const init = arg?.getProperty('name')?.asKind(SyntaxKind.PropertyAssignment)?.getInitializer();
  return init && Node.isStringLiteral(init) ? init.getLiteralValue() : undefined;
}

/** The name a registry element defines: inline, or through the import of its export from a sibling file. */
function nameOfElement(tree: Tree, index: SourceFile, indexPath: string, element: Node): string | undefined {
  if (!Node.isIdentifier(element)) return nameOfDefinition(element);
  const exportName = element.getText();
  const local = index.getVariableDeclaration(exportName);
  if (local) return nameOfDefinition(local.getInitializer());
  for (const decl of index.getImportDeclarations()) {
    const imported = decl.getNamedImports().find((n) => (n.getAliasNode() ?? n.getNameNode()).getText() === exportName);
    const moduleSpecifier = decl.getModuleSpecifierValue();
    if (!imported || !moduleSpecifier.startsWith('./')) continue;
    const path = posix.join(posix.dirname(indexPath), moduleSpecifier.replace(/\.js$/, '.ts'));
    if (!tree.exists(path)) return undefined;
    const definition = openFromTree(tree, path).getVariableDeclaration(imported.getName());
    return nameOfDefinition(definition?.getInitializer());
  }
  return undefined;
}

/** The semirings of the registry array, with the names their definitions declare. */
export function readRegistry(tree: Tree, indexPath: string): RegisteredSemiring[] {
  const index = openFromTree(tree, indexPath);
  return registryArray(index, indexPath)
    .getElements()
    .map((e) => ({ exportName: e.getText(), name: nameOfElement(tree, index, indexPath, e) }));
}

/** Identifiers the index already binds at top level (imports and declarations), which a new import would clash with. */
export function boundNames(tree: Tree, indexPath: string): Set<string> {
  const index = openFromTree(tree, indexPath);
  const bound = new Set<string>();
  for (const d of index.getImportDeclarations()) {
    const def = d.getDefaultImport();
    if (def) bound.add(def.getText());
    for (const n of d.getNamedImports()) bound.add((n.getAliasNode() ?? n.getNameNode()).getText());
    const ns = d.getNamespaceImport();
    if (ns) bound.add(ns.getText());
  }
  for (const v of index.getVariableDeclarations()) bound.add(v.getName());
  for (const f of index.getFunctions()) if (f.getName()) bound.add(f.getName()!);
  return bound;
}

/** Index at which `value` keeps `sorted` sorted, or the end when `sorted` is not sorted to begin with. */
function sortedPosition(sorted: readonly string[], value: string): number {
  const isSorted = sorted.every((s, i) => i === 0 || sorted[i - 1]! <= s);
  if (!isSorted) return sorted.length;
  const i = sorted.findIndex((s) => s > value);
  return i === -1 ? sorted.length : i;
}

/** Lines longer than this turn a one-line list (the barrel's exports, the registry array) into one item per line. */
const MAX_LINE = 120;

function endLine(node: Node): string {
  return node.getSourceFile().getFullText().split('\n')[node.getEndLineNumber() - 1] ?? '';
}

/**
 * Inserts an item into a comma-separated list in the list's layout: on its line while that stays short,
 * else one item per line with trailing commas, written whole (ts-morph's own insertions misindent
 * multi-line lists, drop their trailing comma, or fold them back onto one line).
 */
function insertInList(node: Node, items: readonly string[], insertOnOneLine: () => void, open: string, close: string): void {
  if (node.getStartLineNumber() === node.getEndLineNumber()) {
    insertOnOneLine();
    if (endLine(node).length <= MAX_LINE) return;
  }
  node.replaceWithText((writer) => {
    writer.write(open).newLine();
    writer.indent(() => {
      for (const item of items) writer.write(`${item},`).newLine();
    });
    writer.write(close);
  });
}

/**
 * Adds `import { exportName } from './name.js'`, `exportName` to the barrel's `export { … }` and to the
 * registry array, editing the syntax tree (ts-morph) of the tree's copy of the index.
 */
export function addToRegistry(tree: Tree, indexPath: string, semiring: { name: string; exportName: string }): void {
  const index = openFromTree(tree, indexPath);
  const moduleSpecifier = `./${semiring.name}.js`;

  const imports = index.getImportDeclarations();
  const siblings = imports.filter((d) => d.getModuleSpecifierValue().startsWith('./'));
  const before = siblings[sortedPosition(siblings.map((d) => d.getModuleSpecifierValue()), moduleSpecifier)];
  const last = imports[imports.length - 1];
  index.insertImportDeclaration(before ? before.getChildIndex() : last ? last.getChildIndex() + 1 : 0, {
    namedImports: [semiring.exportName],
    moduleSpecifier,
  });

  const barrel = index.getExportDeclarations().find((d) => !d.hasModuleSpecifier() && !d.isTypeOnly());
  if (barrel) {
    const exported = barrel.getNamedExports().map((n) => n.getText());
    const at = sortedPosition(barrel.getNamedExports().map((n) => n.getName()), semiring.exportName);
    const items = exported.toSpliced(at, 0, semiring.exportName);
    insertInList(barrel, items, () => barrel.insertNamedExport(at, semiring.exportName), 'export {', '};');
  } else {
    const after = index.getImportDeclarations().at(-1);
    index.insertExportDeclaration(after ? after.getChildIndex() + 1 : 0, { namedExports: [semiring.exportName] });
  }

  const array = registryArray(index, indexPath);
  const elements = [...array.getElements().map((e) => e.getText()), semiring.exportName];
  insertInList(array, elements, () => array.addElement(semiring.exportName), '[', ']');
  tree.write(indexPath, index.getFullText());
}
