import { Project, VariableDeclarationKind } from 'ts-morph';
import type { GeneratedKernel } from '../generate.js';
import { familyOf } from '../families/index.js';
import { generatedHeader } from './generated-header.js';

/**
 * Writes the ahead-of-time kernel catalog: one typed module per kernel (source, entry point, bindings,
 * workgroup size, stable id) and an `index.ts` exporting `CATALOG`, keyed by kernel id. Deterministic:
 * the same kernels always give the same bytes.
 */
export function emitCatalog(kernels: readonly GeneratedKernel[], outDir: string, typeImport: string): string[] {
  const project = new Project();
  const sorted = [...kernels].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const written: string[] = [];
  for (const k of sorted) {
    const file = project.createSourceFile(`${outDir}/${k.name}.ts`, '', { overwrite: true });
    file.addStatements(generatedHeader(`the spec below (templates/${k.target}/..., packages/algorithms catalog)`));
    file.addImportDeclaration({ moduleSpecifier: typeImport, namedImports: ['GeneratedKernel'], isTypeOnly: true });
    file.addVariableStatement({
      isExported: true,
      declarationKind: VariableDeclarationKind.Const,
      docs: [`${k.spec.op} for ${k.spec.semiring} ${k.spec.type}, ${familyOf(k.spec).describe(k.spec)}, target ${k.target}.`],
      declarations: [
        {
          name: k.name,
          type: 'GeneratedKernel',
          initializer: (w) => {
            w.inlineBlock(() => {
              w.writeLine(`id: ${JSON.stringify(k.id)},`);
              w.writeLine(`name: ${JSON.stringify(k.name)},`);
              w.writeLine(`spec: ${JSON.stringify(k.spec)},`);
              w.writeLine(`target: ${JSON.stringify(k.target)},`);
              w.writeLine(`entryPoint: ${JSON.stringify(k.entryPoint)},`);
              w.writeLine(`workgroupSize: ${JSON.stringify(k.workgroupSize)},`);
              w.writeLine(`workgroupStorageBytes: ${k.workgroupStorageBytes},`);
              w.writeLine(`bindings: ${JSON.stringify(k.bindings)},`);
              w.writeLine(`source: ${JSON.stringify(k.source)},`);
            });
          },
        },
      ],
    });
    file.saveSync();
    written.push(file.getFilePath());
  }
  const index = project.createSourceFile(`${outDir}/index.ts`, '', { overwrite: true });
  index.addStatements(generatedHeader('the kernel catalog specs'));
  index.addImportDeclaration({ moduleSpecifier: typeImport, namedImports: ['GeneratedKernel'], isTypeOnly: true });
  for (const k of sorted) index.addImportDeclaration({ moduleSpecifier: `./${k.name}.js`, namedImports: [k.name] });
  index.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['Every kernel generated ahead of time, keyed by kernel id.'],
    declarations: [
      {
        name: 'CATALOG',
        type: 'Readonly<Record<string, GeneratedKernel>>',
        initializer: (w) => {
          w.inlineBlock(() => {
            for (const k of sorted) w.writeLine(`${JSON.stringify(k.id)}: ${k.name},`);
          });
        },
      },
    ],
  });
  index.saveSync();
  written.push(index.getFilePath());
  return written;
}
