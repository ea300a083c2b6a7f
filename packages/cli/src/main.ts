import { readFileSync } from 'node:fs';
import { APSP_DEFAULTS, H100_NOMINAL } from '@semiforge/algorithms';
import { FW_KERNEL_OPS, type ElementType, type FwOp, type Layout, type Target } from '@semiforge/codegen';
import { Command } from 'commander';
import { runAnalyze, type AnalyzeFlags } from './commands/analyze.js';
import { runApsp, type ApspFlags } from './commands/apsp.js';
import { runCodegen, type CodegenFlags } from './commands/codegen.js';
import { runDevices } from './commands/devices.js';
import { runSemirings } from './commands/semirings.js';
import { EXIT, formatError, reportError } from './errors.js';
import { choiceOption, intOption, parseWorkgroup, positiveNumberOption, RULES } from './flags.js';
import { addGraphCommands } from './commands/graph-commands.js';
import { processIo, type CliIo } from './io.js';
import { MATRIX_EXTENSIONS } from './output/matrix-file.js';
import { GRAPH_FILE_FORMATS } from './graph/graph-file-format.js';

const TYPES: readonly ElementType[] = ['f32', 'i32', 'u32'];
const METHODS = ['a', 'b', 'plain'] as const;
const TARGETS: readonly Target[] = ['wgsl', 'cuda'];
const LAYOUTS: readonly Layout[] = ['row-major', 'bdl'];

function version(): string {
  try {
    const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version?: string };
    return pkg.version ?? 'unknown';
  } catch {
    return 'unknown';
  }
}

/** The command tree; `setCode` receives each action's exit status. */
function program(io: CliIo, setCode: (code: number) => void): Command {
  const root = new Command('semiforge')
    .description('GPU kernels for graph analytics, generated from templates and semirings (WebGPU or CUDA)')
    .version(version(), '-V, --version')
    .exitOverride()
    .configureOutput({
      writeOut: (s) => io.stdout.write(s),
      writeErr: (s) => io.stderr.write(s),
      outputError: () => {}, // main prints every error as one `semiforge: ...` line
      getOutHelpWidth: () => io.stdout.columns ?? 100,
      getErrHelpWidth: () => io.stderr.columns ?? 100,
      getOutHasColors: () => false,
      getErrHasColors: () => false,
    })
    .showSuggestionAfterError(true);

  root
    .command('apsp')
    .summary('all-pairs shortest paths (blocked Floyd-Warshall) on the GPU')
    .description(
      'All-pairs shortest paths, or the closure of another idempotent semiring, by the blocked Floyd-Warshall of paper 000 ' +
        'on the GPU. Reads FILE (.gr DIMACS, .mtx Matrix Market, .el/.wel/.txt edge lists; optionally .gz) or generates ' +
        'a random graph. Prints a summary on stderr; vertices are 0-based.',
    )
    .argument('[FILE]', 'graph file')
    .option('-g, --generate <n>', 'random graph (DIMACS Random4-n: n vertices, 4n arcs, weights 0..n) instead of FILE', intOption('--generate', RULES.generate))
    .option('-s, --seed <seed>', 'seed of the random graph', intOption('--seed', RULES.seed), 1)
    .option('-m, --method <m>', 'a: row-major, b: blocked data layout, plain: one launch per vertex', choiceOption('--method', METHODS), APSP_DEFAULTS.method)
    .option('--layout <layout>', 'row-major or bdl (default: bdl for method b, row-major otherwise)', choiceOption('--layout', LAYOUTS))
    .option('-t, --tile <t>', `tile size, a power of two from 8 to 256 (default: ${APSP_DEFAULTS.tile}, ${APSP_DEFAULTS.largeTile} from n = ${APSP_DEFAULTS.largeFrom})`, intOption('--tile', RULES.tile))
    .option('--unroll <u>', 'results per thread along each axis (default: min(4, tile/16), at least 1)', intOption('--unroll', RULES.unroll))
    .option('--semiring <name>', "semiring ('semiforge semirings' lists them)", APSP_DEFAULTS.semiring)
    .option('--type <type>', 'element type: f32, i32 or u32', choiceOption('--type', TYPES), APSP_DEFAULTS.type as ElementType)
    .option('--successors', 'also compute the successor matrix (first hops)')
    .option('-v, --verify', 'check the result: whole matrix against the CPU reference for n ≤ 256, else 16 rows against Dijkstra')
    .option('-o, --out <file>', `write the matrix: ${Object.keys(MATRIX_EXTENSIONS).join(', ')} (see README for the formats)`)
    .option('-n, --trials <k>', 'runs on one device; the median is reported', intOption('--trials', RULES.trials), 1)
    .option('--path <vertices...>', 'two vertices U V: print a best path from U to V on stdout (0-based; implies --successors)')
    .option('--adapter <name>', 'substring of the adapter name (default: $SEMIFORGE_ADAPTER, else the preferred one)')
    .option('--json', 'print a JSON summary on stdout')
    .addHelpText(
      'after',
      '\nExamples:\n' +
        '  semiforge apsp -g 1024 --verify\n' +
        '  semiforge apsp graph.gr --tile 32 --out dist.bin --json > run.json\n' +
        '  semiforge apsp graph.mtx --path 0 17\n',
    )
    .action(async (file: string | undefined, _opts: unknown, cmd: Command) => {
      const opts = cmd.opts<Omit<ApspFlags, 'seedGiven'>>();
      setCode(await runApsp(file, { ...opts, seedGiven: cmd.getOptionValueSource('seed') === 'cli' }, io));
    });

  root
    .command('codegen')
    .summary('print the WGSL or CUDA source of a kernel')
    .description('Generates one kernel from its spec and prints its source on stdout (or only its name, or the catalog).')
    .option('--op <op>', `kernel: ${FW_KERNEL_OPS.join(', ')}`, choiceOption('--op', FW_KERNEL_OPS), 'fw_update' as FwOp)
    .option('--target <target>', 'wgsl or cuda', choiceOption('--target', TARGETS), 'wgsl' as Target)
    .option('--semiring <name>', 'semiring', 'min-plus')
    .option('--type <type>', 'element type: f32, i32 or u32', choiceOption('--type', TYPES), 'f32' as ElementType)
    .option('-t, --tile <t>', 'tile size, a power of two from 8 to 256', intOption('--tile', RULES.tile), 64)
    .option('--unroll <u>', 'results per thread along each axis (default: as apsp picks)', intOption('--unroll', RULES.unroll))
    .option('--layout <layout>', 'row-major or bdl (blocked data layout)', choiceOption('--layout', LAYOUTS), 'row-major' as Layout)
    .option('--workgroup <XxY>', 'threads per workgroup (default: as apsp picks, e.g. 16x16; 32x32 for fw_pivot)', (t: string) => parseWorkgroup('--workgroup', t))
    .option('--successors', 'also maintain the successor matrix')
    .option('--name', 'print only the kernel name (it ends with its id)')
    .option('--list', 'list the kernels of the ahead-of-time catalog')
    .option('--json', 'print the kernel (spec, bindings, source) as JSON')
    .addHelpText('after', '\nExamples:\n  semiforge codegen --op fw_update --tile 32 > update.wgsl\n  semiforge codegen --target cuda --semiring max-min\n')
    .action((_opts: unknown, cmd: Command) => setCode(runCodegen(cmd.opts<CodegenFlags>(), io)));

  root
    .command('devices')
    .summary('list the WebGPU adapters')
    .description('Lists the WebGPU adapters this process can open, with their key limits and features.')
    .option('--json', 'print them as JSON')
    .action(async (_opts: unknown, cmd: Command) => setCode(await runDevices(cmd.opts(), io)));

  root
    .command('semirings')
    .summary('list the semirings')
    .description('Lists the registered semirings: name, element types, whether ⊕ is idempotent (Floyd-Warshall needs it).')
    .option('--json', 'print them as JSON')
    .action((_opts: unknown, cmd: Command) => setCode(runSemirings(cmd.opts(), io)));

  root
    .command('analyze')
    .summary("paper 002's SpMV factors of a matrix and its predicted GFLOP/s per format (no GPU)")
    .description(
      "Reads MATRIX (graph file formats as for info) and prints paper 002's seven matrix factors (rows, nonzeros, max row, " +
        'row-length spread, mean row, temporal locality, spatial locality S), the ELL padding ratio, the hit rate of x in a ' +
        "simulated FIFO cache, the model's bytes per flop and GFLOP/s for csr-scalar, csr-vector and ell, and the format the " +
        'automatic choice picks.',
    )
    .argument('<MATRIX>', 'square matrix or graph file')
    .option('--from <format>', 'format of MATRIX instead of its extension', choiceOption('--from', GRAPH_FILE_FORMATS))
    .option('--bandwidth <GBps>', `memory bandwidth W in GB/s, best measured on the device (default: ${H100_NOMINAL.bandwidthGBps}, the H100's nominal HBM3)`, positiveNumberOption('--bandwidth', 'the bandwidth is in GB/s, e.g. 3350'))
    .option('--line-bytes <L>', 'cache line L in bytes (H100: 128-B lines, filled by 32-B sectors)', intOption('--line-bytes', RULES.lineBytes), H100_NOMINAL.lineBytes)
    .option('--cache-bytes <C>', 'cache in which the hit rate of x is simulated (default: the H100\'s 50 MiB L2)', intOption('--cache-bytes', RULES.cacheBytes), H100_NOMINAL.cacheBytes)
    .option('--json', 'print one JSON object on stdout')
    .addHelpText('after', '\nExamples:\n  semiforge analyze bcsstk13.mtx\n  semiforge analyze kron20.sfg --bandwidth 3000 --json\n')
    .action(async (file: string, _opts: unknown, cmd: Command) => setCode(await runAnalyze(file, cmd.opts<AnalyzeFlags>(), io)));

  addGraphCommands(root, io, setCode);
  return root;
}

/**
 * Runs `semiforge` with `argv` (the arguments after the program name) and returns the exit status; writes only
 * to `io`, never exits the process. Every expected error becomes one `semiforge: ...` line on stderr (plus a
 * hint), a stack trace only with `SEMIFORGE_DEBUG=1`.
 *
 * @example
 * const code = await main(['apsp', '--generate', '64', '--verify']);
 */
export async function main(argv: readonly string[], io: CliIo = processIo()): Promise<number> {
  let code: number = EXIT.ok;
  const root = program(io, (c) => (code = c));
  try {
    await root.parseAsync([...argv], { from: 'user' });
    return code;
  } catch (error) {
    const command = root.commands.find((c) => argv.includes(c.name()))?.name();
    const report = reportError(error, command);
    const debug = io.env.SEMIFORGE_DEBUG === '1' || io.env.SEMIFORGE_DEBUG === 'true';
    io.stderr.write(formatError(error, report, debug));
    return report.code;
  }
}
