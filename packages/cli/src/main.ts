import { readFileSync } from 'node:fs';
import { APSP_DEFAULTS, BACKENDS, H100_NOMINAL, PAGERANK_DEFAULTS, PAGERANK_RELABELS, SPMV_FORMATS } from '@semiforge/algorithms';
import { KERNEL_OPS, type ElementType, type KernelOp, type Layout, type SpmvReduction, type Target } from '@semiforge/codegen';
import { Command } from 'commander';
import { runAnalyze, type AnalyzeFlags } from './commands/analyze.js';
import { runApsp, type ApspFlags } from './commands/apsp.js';
import { BATCH_RULES, runBatchApsp, type BatchApspFlags } from './commands/batch-apsp.js';
import { parseSetField, runCodegen, type CodegenFlags } from './commands/codegen.js';
import { runDevices } from './commands/devices.js';
import { runPagerank, type PagerankFlags } from './commands/pagerank.js';
import { runSssp, type SsspFlags } from './commands/sssp.js';
import { runSpmv, SPMV_X_KINDS, type SpmvFlags } from './commands/spmv.js';
import { runBfs, type BfsFlags } from './commands/bfs.js';
import { runSemirings } from './commands/semirings.js';
import { EXIT, formatError, reportError } from './errors.js';
import { choiceOption, intListOption, intOption, parseWorkgroup, positiveNumberOption, realOption, REAL_RULES, RULES } from './flags.js';
import { addGraphCommands } from './commands/graph-commands.js';
import { addSchedulerCommands } from './commands/scheduler-commands.js';
import { processIo, type CliIo } from './io.js';
import { MATRIX_EXTENSIONS } from './output/matrix-file.js';
import { GRAPH_FILE_FORMATS } from './graph/graph-file-format.js';
import { graphInputOptions, sourceOptions, SYMMETRIZE_FILE_HELP } from './graph/graph-input-options.js';

const TYPES: readonly ElementType[] = ['f32', 'i32', 'u32'];
const METHODS = ['a', 'b', 'plain'] as const;
const TARGETS: readonly Target[] = ['wgsl', 'cuda'];
const LAYOUTS: readonly Layout[] = ['row-major', 'bdl'];
const REDUCTIONS: readonly SpmvReduction[] = ['subgroup', 'workgroup'];
const SSSP_METHODS = ['auto', 'bellman-ford', 'frontier', 'near-far'] as const;
const SSSP_WEIGHTS = ['f32', 'u32'] as const;
const SSSP_HEAVY_ARCS = ['inline', 'settle'] as const;
const BACKEND_HELP = 'webgpu or cuda (default: $SEMIFORGE_BACKEND, else webgpu); cuda: device $SEMIFORGE_CUDA_DEVICE or 0';
const HOLD_CLOCK_HELP = 'WebGPU: hold a CUDA context open while running, so an NVIDIA GPU runs at its compute clock, not its idle one (default: on for an NVIDIA adapter)';
const NO_HOLD_CLOCK_HELP = 'WebGPU: do not hold a CUDA context (run at the clock the driver picks)';

/** `--adapter`, `--backend`, `--hold-clock`, `--no-hold-clock`: the flags of every command that runs on either backend. */
function backendOptions(command: Command): Command {
  return command
    .option('--adapter <name>', 'substring of the adapter name (default: $SEMIFORGE_ADAPTER, else the preferred one)')
    .option('--backend <name>', BACKEND_HELP, choiceOption('--backend', BACKENDS))
    .option('--hold-clock', HOLD_CLOCK_HELP)
    .option('--no-hold-clock', NO_HOLD_CLOCK_HELP);
}

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

  backendOptions(
    root
      .command('apsp')
      .summary('all-pairs shortest paths (blocked Floyd-Warshall) on the GPU')
      .description(
        'All-pairs shortest paths, or the closure of another idempotent semiring, by the blocked Floyd-Warshall of paper 000 ' +
          'on the GPU. Reads FILE (.gr DIMACS, .mtx Matrix Market, .el/.wel/.txt edge lists, optionally .gz; .sfg binary) or generates ' +
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
      .option('--path <vertices...>', 'two vertices U V: print a best path from U to V on stdout (0-based; implies --successors)'),
  )
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
    .description(
      'Generates one kernel from its spec and prints its source on stdout (or only its name, or the catalog). Each family ' +
        'reads its own shape flags (FW: --tile, --unroll, --layout, --workgroup, --successors; SpMV: --rows, --lanes, ' +
        '--reduction, --accumulate, --masked; vector: --workgroup-size); --set FIELD=VALUE sets any other spec field.',
    )
    .option('--op <op>', `kernel: ${KERNEL_OPS.join(', ')}`, choiceOption('--op', KERNEL_OPS), 'fw_update' as KernelOp)
    .option('--target <target>', 'wgsl or cuda', choiceOption('--target', TARGETS), 'wgsl' as Target)
    .option('--semiring <name>', 'semiring (default: min-plus for fw_*, plus-times for the others)')
    .option('--type <type>', 'element type: f32, i32 or u32 (default: f32 where the semiring has it, else its first type)', choiceOption('--type', TYPES))
    .option('-t, --tile <t>', 'FW: tile size, a power of two from 8 to 256 (default: 64)', intOption('--tile', RULES.tile))
    .option('--unroll <u>', 'FW: results per thread along each axis (default: as apsp picks)', intOption('--unroll', RULES.unroll))
    .option('--layout <layout>', 'FW: row-major or bdl (blocked data layout) (default: row-major)', choiceOption('--layout', LAYOUTS))
    .option('--workgroup <XxY>', 'FW: threads per workgroup (default: as apsp picks, e.g. 16x16; 32x32 for fw_pivot)', (t: string) => parseWorkgroup('--workgroup', t))
    .option('--successors', 'FW: also maintain the successor matrix')
    .option('--rows <r>', 'SpMV: rows per workgroup (default: 256 / lanes)', intOption('--rows', RULES.rows))
    .option('--lanes <l>', 'SpMV: invocations per row, a power of two (default: 8 for spmv_csr_vector, else 1)', intOption('--lanes', RULES.lanes))
    .option('--reduction <r>', 'SpMV: how the lanes of a row combine: subgroup or workgroup (default: workgroup)', choiceOption('--reduction', REDUCTIONS))
    .option('--accumulate', 'SpMV: y = A ⊗ x ⊕ y instead of y = A ⊗ x')
    .option('--masked', 'SpMV: only the rows whose u32 mask word is non-zero')
    .option('--workgroup-size <w>', 'vector: invocations per workgroup (default: 256)', intOption('--workgroup-size', RULES.workgroupSize))
    .option('--set <FIELD=VALUE>', 'any spec field, e.g. --set sliceHeight=32 (repeatable; JSON values)', parseSetField)
    .option('--name', 'print only the kernel name (it ends with its id)')
    .option('--list', 'list the kernels of the ahead-of-time catalog')
    .option('--json', 'print the kernel (spec, bindings, source) as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  semiforge codegen --op fw_update --tile 32 > update.wgsl\n  semiforge codegen --target cuda --semiring max-min\n' +
        '  semiforge codegen --op spmv_csr_vector --lanes 32 --reduction subgroup --accumulate --masked\n' +
        '  semiforge codegen --op vec_reduce --semiring or-and --target cuda\n',
    )
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

  const spmvCommand = root
    .command('spmv')
    .summary('sparse matrix-vector products over a semiring on the GPU')
    .description(
      'y = A ⊗ x over any registered semiring (plus-times, min-plus, max-min, or-and, your own), --runs products with one ' +
        "upload of the matrix, in the format 'auto' picks from the rows (paper 002: ELL for even rows, fold for a power law, " +
        '…) or --format. Reads FILE (graph formats as for info; no values: every nonzero is the semiring\'s one) or generates a Graph500 ' +
        'Kronecker matrix with its f32 weights. The runs go to stdout (or --json), a summary to stderr, y to --output.',
    )
    .argument('[FILE]', 'matrix or graph file');
  backendOptions(
    graphInputOptions(spmvCommand, 'seed of the Kronecker matrix and of a random x')
      .option('--semiring <name>', "semiring ('semiforge semirings' lists them)", 'plus-times')
      .option('--type <type>', 'element type: f32, i32 or u32 (default: f32 where the semiring has it, else its first type)', choiceOption('--type', TYPES))
      .option('-f, --format <format>', `auto or one of ${SPMV_FORMATS.join(', ')}`, choiceOption('--format', ['auto', ...SPMV_FORMATS] as const), 'auto')
      .option('--x <kind>', 'x: ones, or random (f32 in [0, 1), integers 0..99; from --seed)', choiceOption('--x', SPMV_X_KINDS), 'random')
      .option('-r, --runs <k>', 'products to time, the matrix uploaded once', intOption('--runs', RULES.runs), 5)
      .option('-o, --output <file>', 'write y (of the last product) there, one row a line')
      .option('-v, --verify', 'check every product against the CPU (exact for idempotent semirings and integers, f32 sums within their rounding bound)'),
  )
    .option('--json', 'print one JSON object on stdout')
    .addHelpText('after', '\nExamples:\n  semiforge spmv bcsstk13.mtx --verify\n  semiforge spmv -g 18 --format fold --runs 20 --json\n  semiforge spmv roads.gr --semiring min-plus --x ones -o y.txt\n')
    .action(async (file: string | undefined, _opts: unknown, cmd: Command) => setCode(await runSpmv(file, cmd.opts<SpmvFlags>(), io)));

  const pagerankCommand = root
    .command('pagerank')
    .summary('PageRank (or personalized PageRank) on the GPU')
    .description(
      'PageRank by power iteration on the SpMV kernels: rank flows along out-arcs, dangling vertices spread theirs by the ' +
        'teleport, iterations stop when the L1 change of one step is below --tolerance. Reads FILE (graph formats as for info) ' +
        'or generates a Graph500 Kronecker graph. Prints the top ranks on stdout (vertices in the ids of the file, else 0-based), ' +
        'a summary on stderr.',
    )
    .argument('[FILE]', 'graph file');
  backendOptions(
    graphInputOptions(pagerankCommand, 'seed of the Kronecker graph')
      .option('-d, --damping <d>', 'probability of following an arc', realOption('--damping', REAL_RULES.damping), PAGERANK_DEFAULTS.damping)
      .option('--tolerance <t>', 'stop when the L1 change of one step is below this', realOption('--tolerance', REAL_RULES.tolerance), PAGERANK_DEFAULTS.tolerance)
      .option('--max-iterations <k>', 'stop after this many iterations', intOption('--max-iterations', RULES.maxIterations), PAGERANK_DEFAULTS.maxIterations)
      .option('--personalize <V,...>', 'restart at these vertices (personalized PageRank / random walk with restart), equal weights', intListOption('--personalize', RULES.vertex))
      .option('-k, --top <k>', 'how many of the highest-ranked vertices to print', intOption('--top', RULES.top), 10)
      .option('--symmetrize', SYMMETRIZE_FILE_HELP)
      .option('-v, --verify', 'check the ranks against the f64 CPU fixed point within the f32 error bound')
      .option(
        '--relabel <order>',
        "none, or degree: run every step on the graph relabelled by descending out-degree (once, on the host; the ranks come back in the graph's ids)",
        choiceOption('--relabel', PAGERANK_RELABELS),
        'none',
      ),
  )
    .option('--json', 'print one JSON object on stdout')
    .addHelpText('after', '\nExamples:\n  semiforge pagerank -g 16 --verify\n  semiforge pagerank web-Google.sfg --top 20 --json\n  semiforge pagerank graph.mtx --personalize 0,17 --damping 0.7\n')
    .action(async (file: string | undefined, _opts: unknown, cmd: Command) => setCode(await runPagerank(file, cmd.opts<PagerankFlags>(), io)));

  const ssspCommand = root
    .command('sssp')
    .summary('single-source shortest paths on the GPU')
    .description(
      'Shortest distances and a parent tree from one source (--source) or from -n random sources with an arc, by paper 001\'s ' +
        'edge-parallel Bellman-Ford, frontier Bellman-Ford or near-far (auto: Bellman-Ford when a weight is negative or the graph has fewer than 2^20 arcs and no near-far flag is given, else near-far). ' +
        'Reads FILE (graph formats as for info; no weights: every arc weighs 1) or generates a Graph500 Kronecker graph with its f32 ' +
        'weights (--weights u32: integers 1..255). One line per source on stdout (or --json), a summary on stderr.',
    )
    .argument('[FILE]', 'graph file');
  backendOptions(
    sourceOptions(graphInputOptions(ssspCommand, 'seed of the Kronecker graph and of the random sources'))
      .option('-m, --method <method>', 'bellman-ford, frontier, near-far or auto', choiceOption('--method', SSSP_METHODS), 'auto')
      .option('-w, --weights <type>', 'weight and distance type: f32 or u32', choiceOption('--weights', SSSP_WEIGHTS), 'f32')
      .option('--max-distance <d>', 'do not search past this distance (farther vertices are reported unreached)', realOption('--max-distance', REAL_RULES.distance))
      .option(
        '--heavy-arcs <mode>',
        "near-far: 'settle' relaxes a vertex's heavy arcs (weight ≥ the bucket width) once per bucket, from its final distance, instead of on every visit (fewer arcs relaxed, yet slower on the H100 and H200 so far)",
        choiceOption('--heavy-arcs', SSSP_HEAVY_ARCS),
        'inline',
      )
      .option(
        '--hub-degree <d>',
        'near-far: vertices of at least d arcs wait within a bucket until their key can fall by less than the hub step (delta / --hub-rounds), then go in rounds (fewer arcs relaxed again on skewed graphs; default 64 where the degrees are skewed, as in Graph500 Kronecker graphs, else none; 0: none; not with --heavy-arcs settle)',
        intOption('--hub-degree', RULES.hubDegree),
      )
      .option('--hub-rounds <k>', 'near-far with hubs waiting: the hub step is delta / k (default 8 with u32 weights; 32 with f32, 128 from 2^26 arcs)', intOption('--hub-rounds', RULES.hubRounds))
      .option(
        '--hub-growth <f>',
        'near-far with hubs waiting: the hub step × f after each release of a bucket, delta / k again at the next (default 2 with u32 weights, 1.5 with f32; 1 keeps the step. H100, Kronecker 22 Graph500 f32: 6.05 → 5.12 ms with the finer growing step)',
        realOption('--hub-growth', REAL_RULES.hubGrowth),
      )
      .option('--degree-order', 'search the graph renumbered by descending degree (paper 003\'s order: the busiest vertices\' distances share cache lines); sources and answers stay in the file\'s ids')
      .option('--delta <width>', "near-far: the bucket width (default from the weights and degrees; the summary prints it)", realOption('--delta', REAL_RULES.delta))
      .option('--chunk <arcs>', 'frontier, near-far: arcs one queue item covers, a power of two, at least the lanes an item (default 256; near-far on a graph whose degrees are not skewed 32; near-far with --degree-order 128 for u32 weights on skewed degrees, else 64)', intOption('--chunk', RULES.chunk))
      .option('--arc-unroll <k>', 'frontier, near-far: arcs an invocation relaxes a step, their loads in flight together (default 4; near-far with --degree-order 2)', intOption('--arc-unroll', RULES.arcUnroll))
      .option('--fuse-advance', 'frontier, near-far on WebGPU: each pass decides the advance step itself, one dispatch a pass instead of two (H200: road-like grid 40.8 → 35.0 ms, Kronecker 22 in degree order 3.47 → 3.32 ms, R-MAT 2^22 5.62 → 5.81 ms)')
      .option('--no-pack-arcs', 'frontier, near-far with u32 weights: read heads and weights from arrays of their own instead of one word an arc, head and weight (the default where they fit; H100, Kronecker 22: 3.42 ms apart against 3.13 packed)')
      .option('--symmetrize', SYMMETRIZE_FILE_HELP)
      .option('-v, --verify', 'check every result by the Graph500 SSSP rules (tight parent arcs in the weights type, no arc relaxes further)'),
  )
    .option('--json', 'print one JSON object on stdout')
    .addHelpText('after', '\nExamples:\n  semiforge sssp -g 16 -n 8 --verify\n  semiforge sssp facebook_combined.txt --symmetrize -n 4\n  semiforge sssp -g 20 --weights u32 --method bellman-ford --json\n  semiforge sssp -g 20 --weights u32 --method near-far --heavy-arcs settle\n  semiforge sssp -g 22 --weights u32 --degree-order --fuse-advance\n  semiforge sssp roads.gr --source 0 --max-distance 5000\n')
    .action(async (file: string | undefined, _opts: unknown, cmd: Command) => setCode(await runSssp(file, cmd.opts<SsspFlags>(), io)));

  const bfsCommand = root
    .command('bfs')
    .summary('breadth-first search on the GPU (direction-optimising, CoreBFS)')
    .description(
      'A BFS tree (parents) from one source (--source) or from -n random sources with an arc, by paper 003\'s direction-optimising ' +
        'hybrid with degree ordering; --mf-approx estimates the frontier\'s edges from the degree order, --core searches only the ' +
        '2-core of the giant component after a precomputation. Reads FILE (graph formats as for info; a directed graph needs ' +
        '--symmetrize) or generates a Graph500 Kronecker graph. One line per source on stdout (or --json), a summary on stderr.',
    )
    .argument('[FILE]', 'graph file');
  backendOptions(
    sourceOptions(graphInputOptions(bfsCommand, 'seed of the Kronecker graph and of the random sources'))
      .option('--core', 'CoreBFS: precompute the 2-core of the giant component and a tree from a root in it; search only the core')
      .option('--degree-order', 'relabel vertices by descending degree, lists sorted (the default)')
      .option('--no-degree-order', 'keep the vertex order (the kernels then go through a slot map)')
      .option('--mf-approx', "estimate the frontier's edges m_f from the degree order instead of counting them")
      .option('--alpha <a>', 'go bottom-up when alpha × m_f > m_u (default 16)', positiveNumberOption('--alpha', 'alpha is a positive number, e.g. 16'))
      .option('--beta <b>', 'go back top-down when the frontier shrinks and beta × m_f < m_u (default 16)', positiveNumberOption('--beta', 'beta is a positive number, e.g. 16'))
      .option('--symmetrize', `${SYMMETRIZE_FILE_HELP}; a directed FILE needs it here (BFS follows edges both ways)`)
      .option('-v, --verify', 'check every parent array by the Graph500 BFS rules'),
  )
    .option('--json', 'print one JSON object on stdout')
    .addHelpText('after', '\nExamples:\n  semiforge bfs -g 16 -n 8 --verify\n  semiforge bfs -g 20 -n 64 --core --mf-approx --json\n  semiforge bfs web.el --symmetrize --source 0\n')
    .action(async (file: string | undefined, _opts: unknown, cmd: Command) => setCode(await runBfs(file, cmd.opts<BfsFlags>(), io)));

  root
    .command('batch-apsp')
    .summary('APSP of many small graphs, streamed over one or more devices (paper 004)')
    .description(
      'All-pairs shortest paths of every graph of a batch — the graph files of DIR, or --generate N random graphs — ' +
        "with paper 004's scheduler: each graph's upload, Floyd-Warshall and read-back overlapped with the others', " +
        'round-robin over the devices. Prints the measured time next to the cost model\'s optimum T_opt on stderr.',
    )
    .argument('[DIR]', 'directory of graph files (.gr, .mtx, .el, .wel, .txt, optionally .gz, .sfg)')
    .option('-g, --generate <n>', 'generate N DIMACS Random4-n graphs instead of reading DIR', intOption('--generate', BATCH_RULES.graphs))
    .option('--size <v>', 'vertices of each generated graph', intOption('--size', BATCH_RULES.size), 64)
    .option('-s, --seed <seed>', 'seed of the first generated graph (then seed + 1, ...)', intOption('--seed', RULES.seed), 1)
    .option('--devices <k>', 'devices to open on the adapter (several on one adapter share it)', intOption('--devices', BATCH_RULES.devices), 1)
    .option('--adapters <names>', 'one device per adapter name substring, comma-separated (instead of --devices)', (t: string) => t.split(',').map((x) => x.trim()))
    .option('--streams <l>', 'tasks in flight per device', intOption('--streams', BATCH_RULES.streams), 3)
    .option('--kernels-in-flight <k>', 'kernels queued at once per device (1: the paper; 2 hides the host round trip between small kernels)', intOption('--kernels-in-flight', BATCH_RULES.kernelsInFlight), 1)
    .option('-v, --verify', 'check every graph against the CPU reference (Dijkstra rows above 256 vertices)')
    .option('--json', 'print one JSON object on stdout')
    .addHelpText('after', '\nExamples:\n  semiforge batch-apsp --generate 200 --size 64 --verify\n  semiforge batch-apsp graphs/ --devices 2 --json\n')
    .action(async (dir: string | undefined, _opts: unknown, cmd: Command) => setCode(await runBatchApsp(dir, cmd.opts<BatchApspFlags>(), io)));

  addGraphCommands(root, io, setCode);
  addSchedulerCommands(root, io, setCode);
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
