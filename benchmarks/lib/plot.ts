// Draws the newest results file of a suite (or the files named) as an SVG chart next to it.
//   npx tsx --conditions=source benchmarks/lib/plot.ts [--suite apsp] [--x n] [--out FILE.svg] [files...]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { chartSpec, renderSvg } from './chart.js';
import { RESULTS_DIR, newestOfEachSuite, newestResults, readResults, type ResultsFile } from './read-results.js';

const HELP = `Usage: plot.ts [options] [results.json ...]
Draws validated results as an SVG: the metric against --x, one line per variant, the limit as a dashed
rule, the peer as diamonds. One file: writes <same-name>.svg beside it. Several files: one chart, needs
--out. No file and no --suite: the newest results of every suite in --dir, each beside its JSON.
  -s, --suite NAME     newest results of this suite in --dir (when no files are named)
  -d, --device SLUG    with --suite: only files of this device (h100, lavapipe, ...)
      --dir DIR        where --suite looks (default: ${RESULTS_DIR})
  -x, --x PARAM        parameter on the x axis (default: n)
  -m, --metric NAME    metric on the y axis (default: the metric of the first result)
      --y-scale S      auto | log | linear (default: auto, log when values span more than 50x)
  -o, --out FILE       SVG to write (default: the results file with .svg)
  -h, --help`;

/** Reads the arguments, draws, writes. */
async function main(argv: string[]): Promise<void> {
  const { values: args, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      suite: { type: 'string', short: 's' },
      device: { type: 'string', short: 'd' },
      dir: { type: 'string', default: RESULTS_DIR },
      x: { type: 'string', short: 'x', default: 'n' },
      metric: { type: 'string', short: 'm' },
      'y-scale': { type: 'string', default: 'auto' },
      out: { type: 'string', short: 'o' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (args.help) return console.error(HELP);
  const yScale = args['y-scale'];
  if (yScale !== 'auto' && yScale !== 'log' && yScale !== 'linear') throw new Error(`--y-scale ${yScale}: use auto, log or linear`);
  const charts: { files: ResultsFile[]; out: string }[] = [];
  if (positionals.length) {
    const files = positionals.map(readResults);
    if (files.length > 1 && !args.out) throw new Error(`${files.length} files: say where the chart goes with --out FILE.svg`);
    charts.push({ files, out: args.out ?? besideAsSvg(files[0]) });
  } else {
    const newest = args.suite ? [newestResults(args.suite, args.dir, args.device)] : newestOfEachSuite(args.dir);
    if (newest.length > 1 && args.out) throw new Error(`--out with ${newest.length} suites: pick one with --suite`);
    charts.push(...newest.map((f) => ({ files: [f], out: args.out ?? besideAsSvg(f) })));
  }

  for (const { files, out } of charts) {
    const chart = chartSpec(files, { x: args.x, metric: args.metric, yScale });
    writeFileSync(out, await renderSvg(chart.spec));
    console.error(`wrote ${out}: ${chart.points} validated results in ${chart.series.length} series`);
    for (const s of chart.series) console.error(`  ${s}`);
  }
}

/** `results/apsp-h100-20261122.json` → `results/apsp-h100-20261122.svg`. */
function besideAsSvg(file: ResultsFile): string {
  return file.path.replace(/\.json$/, '') + '.svg';
}

try {
  await main(process.argv.slice(2));
} catch (e) {
  console.error(`plot: ${(e as Error).message}`);
  process.exitCode = 1;
}
