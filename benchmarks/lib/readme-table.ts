// Rewrites the block between `<!-- bench:<suite>:start -->` and `<!-- bench:<suite>:end -->` of a markdown file
// with the table of the suite's newest results.
//   npx tsx --conditions=source benchmarks/lib/readme-table.ts --suite apsp --file README.md [--check]
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, relative, sep } from 'node:path';
import { parseArgs } from 'node:util';
import { benchTable, replaceBlock } from './bench-table.js';
import { RESULTS_DIR, newestResults, readResults } from './read-results.js';

const HELP = `Usage: readme-table.ts --suite NAME --file FILE.md [options]
Replaces the lines between <!-- bench:NAME:start --> and <!-- bench:NAME:end --> in FILE.md with the table
of the newest results of the suite (validated results only), and a link to its chart (<results>.svg).
  -s, --suite NAME     suite (required; names the markers)
  -f, --file FILE      markdown file to rewrite (required; refused when the markers are missing)
  -r, --results FILE   quote this results file instead of the newest in --dir
  -d, --device SLUG    only results of this device (h100, lavapipe, ...)
      --dir DIR        where the results are (default: ${RESULTS_DIR})
  -x, --x PARAM        parameter of the rows (default: n)
  -m, --metric NAME    metric to quote (default: the metric of the first result)
      --check          write nothing; exit 1 when FILE would change
  -h, --help`;

/** `a/b/c` from the markdown file's folder, with forward slashes whatever the platform. */
function linkFrom(markdown: string, target: string): string {
  return relative(dirname(markdown), target).split(sep).join('/');
}

/** Reads the arguments, builds the table, rewrites (or checks) the file. */
function main(argv: string[]): void {
  const { values: args } = parseArgs({
    args: argv,
    options: {
      suite: { type: 'string', short: 's' },
      file: { type: 'string', short: 'f' },
      results: { type: 'string', short: 'r' },
      device: { type: 'string', short: 'd' },
      dir: { type: 'string', default: RESULTS_DIR },
      x: { type: 'string', short: 'x', default: 'n' },
      metric: { type: 'string', short: 'm' },
      check: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (args.help) return console.error(HELP);
  if (!args.suite || !args.file) throw new Error('--suite and --file are required; see --help');
  const text = readFileSync(args.file, 'utf8');
  const results = args.results ? readResults(args.results) : newestResults(args.suite, args.dir, args.device);
  if (results.suite !== args.suite) throw new Error(`${results.path} holds suite "${results.suite}", not "${args.suite}"`);
  const svg = results.path.replace(/\.json$/, '') + '.svg';
  if (!existsSync(svg)) {
    console.error(`warning: ${svg} does not exist yet; draw it with: npx tsx --conditions=source benchmarks/lib/plot.ts ${results.path}`);
  }

  const block = benchTable(results, {
    x: args.x,
    metric: args.metric,
    source: linkFrom(args.file, results.path),
    plot: linkFrom(args.file, svg),
    regenerate: `npx tsx --conditions=source benchmarks/lib/readme-table.ts --suite ${args.suite} --file ${args.file}`,
  });
  const next = replaceBlock(text, args.suite, block);
  if (args.check) {
    if (next !== text) {
      console.error(`${args.file}: the ${args.suite} table is out of date with ${results.path}; run without --check`);
      process.exitCode = 1;
    }
    return;
  }
  if (next === text) return console.error(`${args.file}: the ${args.suite} table is up to date (${results.path})`);
  writeFileSync(args.file, next);
  console.error(`${args.file}: wrote the ${args.suite} table from ${results.path}`);
}

try {
  main(process.argv.slice(2));
} catch (e) {
  console.error(`readme-table: ${(e as Error).message}`);
  process.exitCode = 1;
}
