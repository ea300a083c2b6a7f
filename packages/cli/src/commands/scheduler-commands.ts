import type { Command } from 'commander';
import { choiceOption, intOption, RULES } from '../flags.js';
import { graphInputOptions, sourceOptions, SYMMETRIZE_FILE_HELP } from '../graph/graph-input-options.js';
import type { CliIo } from '../io.js';
import { BLOCKED_RULES, runBlockedApsp, type BlockedApspFlags } from './blocked-apsp.js';
import { runMultiSource, type MultiSourceFlags } from './multi-source.js';
import { SCHEDULER_RULES } from './scheduler-backend.js';

/** `--devices`, `--adapters`, `--gpus`, `--streams`, `--kernels-in-flight`: where and how the scheduler runs. */
function deviceOptions(command: Command): Command {
  return command
    .option('--devices <k>', 'devices to open on the adapter (several on one adapter share it)', intOption('--devices', SCHEDULER_RULES.devices), 1)
    .option('--adapters <names>', 'one device per adapter name substring, comma-separated (instead of --devices)', (t: string) => t.split(',').map((x) => x.trim()))
    .option('--gpus <n>', 'one worker process per GPU (identical GPUs need the device-select layer: see the scheduler README)', intOption('--gpus', SCHEDULER_RULES.gpus))
    .option('--streams <l>', 'tasks in flight per device', intOption('--streams', SCHEDULER_RULES.streams), 3)
    .option('--kernels-in-flight <k>', 'kernels queued at once per device', intOption('--kernels-in-flight', SCHEDULER_RULES.kernelsInFlight), 1);
}

/** Registers `blocked-apsp` and `multi-source` (paper 004's workloads 2 and 3) on the root command. */
export function addSchedulerCommands(root: Command, io: CliIo, setCode: (code: number) => void): void {
  deviceOptions(
    root
      .command('blocked-apsp')
      .summary('APSP of one large graph as blocks streamed through one or more devices (paper 004 on paper 000)')
      .description(
        'Blocked Floyd-Warshall with the matrix held on the host and its blocks streamed to the devices: each round closes the ' +
          'pivot block, updates the pivot row and column, then every other block, as independent scheduler tasks; the round\'s ' +
          'pivot blocks stay on a device that got them, within --device-memory. Reads FILE or generates a Random4-n graph.',
      )
      .argument('[FILE]', 'graph file (.gr, .mtx, .el, .wel, .txt, optionally .gz, .sfg)')
      .option('--generate <n>', 'generate a DIMACS Random4-n graph of N vertices instead of FILE', intOption('--generate', BLOCKED_RULES.generate))
      .option('-s, --seed <seed>', 'seed of the generated graph', intOption('--seed', RULES.seed), 1)
      .option('--block <b>', 'side of the streamed blocks, a multiple of the tile (default: from --device-memory, else 4096)', intOption('--block', BLOCKED_RULES.block))
      .option('--tile <t>', 'FW kernel tile (default 64, 128 from n = 4096)', intOption('--tile', RULES.tile))
      .option('--device-memory <mib>', 'device memory the matrix may use per device (forces streaming)', intOption('--device-memory', BLOCKED_RULES.deviceMemory)),
  )
    .option('-v, --verify', 'check the distances against the CPU reference (Dijkstra rows above 256 vertices)')
    .option('--json', 'print one JSON object on stdout')
    .addHelpText('after', '\nExamples:\n  semiforge blocked-apsp --generate 2048 --block 512 --verify\n  semiforge blocked-apsp --generate 8192 --device-memory 512 --gpus 2 --json\n')
    .action(async (file: string | undefined, _opts: unknown, cmd: Command) => setCode(await runBlockedApsp(file, cmd.opts<BlockedApspFlags>(), io)));

  const multi = root
    .command('multi-source')
    .summary('BFS or SSSP from many sources, the graph resident on every device (paper 004)')
    .description(
      'Searches from -n random sources with an arc (or --source), split in batches over the devices, each device holding the ' +
        'graph: BFS batches run as one multi-source pass (up to 32 sources), SSSP batches one source after another. Reads FILE ' +
        'or generates a Graph500 Kronecker graph.',
    )
    .argument('[FILE]', 'graph file');
  deviceOptions(sourceOptions(graphInputOptions(multi, 'seed of the Kronecker graph and of the random sources')))
    .option('-a, --algorithm <name>', 'bfs or sssp', choiceOption('--algorithm', ['bfs', 'sssp'] as const), 'bfs')
    .option('-w, --weights <type>', 'SSSP weight and distance type: f32 or u32', choiceOption('--weights', ['f32', 'u32'] as const), 'f32')
    .option('--per-task <k>', 'sources per scheduler task (default 32 for BFS, 8 for SSSP)', intOption('--per-task', { min: 1, max: 1000, rule: 'a task takes 1 to 1000 sources (BFS: at most 32)' }))
    .option('--symmetrize', SYMMETRIZE_FILE_HELP)
    .option('-v, --verify', 'check every search by the Graph500 rules')
    .option('--json', 'print one JSON object on stdout')
    .addHelpText('after', '\nExamples:\n  semiforge multi-source -g 16 -n 256 --devices 2 --verify\n  semiforge multi-source facebook_combined.txt --symmetrize -n 64\n  semiforge multi-source -g 18 -n 1024 --algorithm sssp --weights u32 --gpus 2 --json\n')
    .action(async (file: string | undefined, _opts: unknown, cmd: Command) => setCode(await runMultiSource(file, cmd.opts<MultiSourceFlags>(), io)));
}
