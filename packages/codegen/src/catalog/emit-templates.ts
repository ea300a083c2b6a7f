import Handlebars from 'handlebars';
import { Project, VariableDeclarationKind } from 'ts-morph';
import { generatedHeader } from './generated-header.js';

/**
 * Precompiles handlebars templates (`{ 'wgsl/fw/pivot': text, ... }`) into a TS module exporting
 * `TEMPLATE_SPECS`, so that kernels can be generated at run time without reading files.
 */
export function emitTemplatesModule(templates: Record<string, string>, outFile: string): void {
  const project = new Project();
  const file = project.createSourceFile(outFile, '', { overwrite: true });
  file.addStatements([
    generatedHeader('templates/**/*.hbs'),
    "// @ts-nocheck: Handlebars' precompiled output is untyped JavaScript.",
  ]);
  const keys = Object.keys(templates).sort();
  file.addVariableStatement({
    isExported: true,
    declarationKind: VariableDeclarationKind.Const,
    docs: ['Precompiled handlebars template specs, keyed by path under templates/ without the extension.'],
    declarations: [
      {
        name: 'TEMPLATE_SPECS',
        type: 'Readonly<Record<string, unknown>>',
        initializer: (w) => {
          w.inlineBlock(() => {
            for (const key of keys) {
              const spec = Handlebars.precompile(templates[key], { noEscape: true, strict: false });
              w.writeLine(`${JSON.stringify(key)}: ${spec},`);
            }
          });
        },
      },
    ],
  });
  file.saveSync();
}
