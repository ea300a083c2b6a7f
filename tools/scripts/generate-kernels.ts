// `nx run codegen` (codegen:generate): precompiles templates/**.hbs into @semiforge/codegen and writes the
// ahead-of-time kernel catalog of @semiforge/algorithms. Deterministic; CI runs it and fails on drift.
import { readdirSync, readFileSync, rmSync, mkdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(fileURLToPath(import.meta.url), '../../..');
const templatesDir = join(root, 'templates');

function listTemplates(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? listTemplates(join(dir, e.name)) : e.name.endsWith('.hbs') ? [join(dir, e.name)] : [],
  );
}

const { emitTemplatesModule, emitCatalog } = await import('@semiforge/codegen/emit');
const templates: Record<string, string> = {};
for (const file of listTemplates(templatesDir)) {
  // 'wgsl/fw/pivot.wgsl.hbs' → 'wgsl/fw/pivot'
  const key = relative(templatesDir, file).replace(/\\/g, '/').replace(/\.[a-z]+\.hbs$/, '');
  templates[key] = readFileSync(file, 'utf8');
}
emitTemplatesModule(templates, join(root, 'packages/codegen/src/generated/templates.ts'));

// Imported after the templates module is written, so that generation uses the fresh templates.
const { generateKernel } = await import('@semiforge/codegen');
const { APSP_CATALOG_SPECS } = await import('../../packages/algorithms/src/apsp/apsp.catalog.js');
const { SPMV_CATALOG_SPECS } = await import('../../packages/algorithms/src/spmv/spmv.catalog.js');
const { PAGERANK_CATALOG_SPECS } = await import('../../packages/algorithms/src/pagerank/pagerank.catalog.js');
const { SSSP_CATALOG_SPECS } = await import('../../packages/algorithms/src/sssp/sssp.catalog.js');
const kernels = [...APSP_CATALOG_SPECS, ...SPMV_CATALOG_SPECS, ...PAGERANK_CATALOG_SPECS, ...SSSP_CATALOG_SPECS].map(generateKernel);
const outDir = join(root, 'packages/algorithms/src/generated/kernels');
rmSync(outDir, { recursive: true, force: true });
mkdirSync(outDir, { recursive: true });
const written = emitCatalog(kernels, outDir, '@semiforge/codegen');
console.log(`codegen: ${Object.keys(templates).length} templates, ${kernels.length} kernels → ${relative(root, outDir)} (${written.length} files)`);
