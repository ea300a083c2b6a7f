// The entry Nx loads (generators.json). Nx require()s generator factories from its CommonJS CLI; for a `.ts`
// factory it registers @swc-node/register or ts-node, neither of which is installed, and both would compile
// our ESM sources (NodeNext, `.js` specifiers, import.meta.url) to CommonJS. tsx, already used by
// `nx run codegen`, imports them as they are.
'use strict';

const { tsImport } = require('tsx/esm/api');

module.exports = async function semiringGenerator(tree, options) {
  const { semiringGenerator: generate } = await tsImport('./generator.ts', __filename);
  return generate(tree, options);
};
