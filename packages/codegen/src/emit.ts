/** Build-time entry: the ahead-of-time catalog and template emitters (ts-morph, handlebars compiler). */
export { emitCatalog } from './catalog/emit-catalog.js';
export { emitTemplatesModule } from './catalog/emit-templates.js';
export { generatedHeader } from './catalog/generated-header.js';
