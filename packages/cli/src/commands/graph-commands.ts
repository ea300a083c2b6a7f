import { Command } from 'commander';
import { choiceOption, intOption, parseWeights, RULES } from '../flags.js';
import type { CliIo } from '../io.js';
import { GENERATORS, type Generator } from '../graph/generate-graph.js';
import { GRAPH_FILE_FORMATS } from '../graph/graph-file-format.js';
import { DUPLICATE_CHOICES } from '../graph/shape-graph.js';
import { runConvert, type ConvertFlags } from './convert.js';
import { runGenerate, type GenerateFlags } from './generate.js';
import { runInfo, type InfoFlags } from './info.js';

const FORMATS = GRAPH_FILE_FORMATS.join(', ');

/** The transform flags `convert` and `generate` share. */
function shapeOptions(command: Command): Command {
  return command
    .option('--drop-self-loops', 'remove arcs v → v')
    .option('--duplicates <policy>', 'parallel arcs: keep, or merge by sum, min or last, or error naming the first repeat', choiceOption('--duplicates', DUPLICATE_CHOICES), 'keep' as const)
    .option('--relabel <order>', "renumber vertices: 'degree' (highest degree first; the file keeps the user's ids)", choiceOption('--relabel', ['degree'] as const));
}

/** Registers `convert`, `generate` and `info` on the root command; `setCode` receives each exit status. */
export function addGraphCommands(root: Command, io: CliIo, setCode: (code: number) => void): void {
  shapeOptions(
    root
      .command('convert')
      .summary('convert a graph between formats (text ↔ .sfg binary)')
      .description(`Reads IN and writes OUT, each in the format of its extension (${FORMATS}; text optionally .gz) or of --from/--to. Rows come out sorted.`)
      .argument('<IN>', 'graph file to read')
      .argument('<OUT>', 'graph file to write (.sfg loads fastest)')
      .option('--from <format>', `format of IN: ${FORMATS}`, choiceOption('--from', GRAPH_FILE_FORMATS))
      .option('--to <format>', `format of OUT: ${FORMATS}`, choiceOption('--to', GRAPH_FILE_FORMATS))
      .option('--symmetrize', 'add every arc\'s mirror: the undirected graph'),
  )
    .option('--json', 'print a JSON summary on stdout')
    .addHelpText('after', '\nExamples:\n  semiforge convert karate.mtx karate.sfg\n  semiforge convert roads.gr.gz roads.sfg --duplicates min\n  semiforge convert web.txt web.sfg --symmetrize --drop-self-loops --relabel degree\n')
    .action(async (input: string, output: string, _opts: unknown, cmd: Command) => setCode(await runConvert(input, output, cmd.opts<ConvertFlags>(), io)));

  shapeOptions(
    root
      .command('generate')
      .summary('generate a graph (Kronecker, R-MAT, Erdős–Rényi, grid, road, sprand) into a file')
      .description(
        'Generates a graph, deterministic given --seed, and writes it as a CSR in the format of -o (.sfg recommended). kronecker: Graph500 ' +
          '(A = 0.57, B = C = 0.19), tuples symmetrised unless --directed; rmat: GTgraph probabilities, average degree 2 × edge factor; er: ' +
          'G(n, m); grid, road: 2-D grids with integer weights (road: thinned, with shortcuts); sprand: DIMACS Random4-n.',
      )
      .argument('<kind>', GENERATORS.join(', '), choiceOption('kind', GENERATORS))
      .option('-o, --out <file>', `output file: ${FORMATS}`)
      .option('--to <format>', `format of the output instead of its extension: ${FORMATS}`, choiceOption('--to', GRAPH_FILE_FORMATS))
      .option('--scale <s>', '2^s vertices (grid: 2^⌊s/2⌋ × 2^⌈s/2⌉)', intOption('--scale', RULES.scale))
      .option('-n, --vertices <n>', 'vertex count instead of --scale (er, sprand)', intOption('--vertices', RULES.vertices))
      .option('--edge-factor <k>', 'edges per vertex (default: kronecker 16, rmat 16, er 8, sprand 4)', intOption('--edge-factor', RULES.edgeFactor))
      .option('-m, --edges <m>', 'edge count instead of --edge-factor (er, sprand)', intOption('--edges', RULES.edges))
      .option('--rows <r>', 'grid rows (grid, road)', intOption('--rows', RULES.side))
      .option('--cols <c>', 'grid columns (default: as rows)', intOption('--cols', RULES.side))
      .option('-s, --seed <seed>', 'seed', intOption('--seed', RULES.seed), 1)
      .option('--weights <spec>', 'none, unit (f32 in [0, 1)), or MIN..MAX (integers; decimals for doubles). Default: none; grid, road 1..100; sprand 0..n', (t: string) => parseWeights('--weights', t))
      .option('--directed', 'kronecker, rmat, er: keep arcs one way (default: undirected)')
      .option('--threads <t>', 'worker threads for kronecker and rmat (default: all cores from scale 20, else 1)', intOption('--threads', RULES.threads))
      .option('--coordinates <file>', 'grid, road: also write the vertex positions as a DIMACS .co file'),
  )
    .option('--json', 'print a JSON summary on stdout')
    .addHelpText('after', '\nExamples:\n  semiforge generate kronecker --scale 20 -o kron20.sfg\n  semiforge generate rmat --scale 16 --weights 1..1000 -o rmat16.sfg\n  semiforge generate road --rows 512 -o road.gr --coordinates road.co\n')
    .action(async (kind: Generator, _opts: unknown, cmd: Command) => setCode(await runGenerate(kind, cmd.opts<GenerateFlags>(), io)));

  root
    .command('info')
    .summary('vertices, arcs, degrees, components and 2-core of a graph file')
    .description(`Reads FILE (${FORMATS}; text optionally .gz) and prints its size, degree statistics, connected components and 2-core size.`)
    .argument('<FILE>', 'graph file')
    .option('--from <format>', `format of FILE: ${FORMATS}`, choiceOption('--from', GRAPH_FILE_FORMATS))
    .option('--json', 'print one JSON object on stdout')
    .action(async (file: string, _opts: unknown, cmd: Command) => setCode(await runInfo(file, cmd.opts<InfoFlags>(), io)));
}
