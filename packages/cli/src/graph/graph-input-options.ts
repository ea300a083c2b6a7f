import type { Command } from 'commander';
import { choiceOption, intOption, RULES } from '../flags.js';
import { GRAPH_FILE_FORMATS } from './graph-file-format.js';

/** `--from`, `-g`, `--edge-factor`, `-s`: the graph a GPU command reads or generates (see `loadGraphInput`). */
export function graphInputOptions(command: Command, seedHelp: string): Command {
  return command
    .option('--from <format>', 'format of FILE instead of its extension', choiceOption('--from', GRAPH_FILE_FORMATS))
    .option('-g, --generate <scale>', 'Kronecker graph of 2^scale vertices (undirected) instead of FILE', intOption('--generate', RULES.scale))
    .option('--edge-factor <k>', 'edges per vertex of the Kronecker graph', intOption('--edge-factor', RULES.edgeFactor), 16)
    .option('-s, --seed <seed>', seedHelp, intOption('--seed', RULES.seed), 1);
}

/** `--source`, `-n`: where searches start (see `pickSources`). */
export function sourceOptions(command: Command): Command {
  return command
    .option('--source <v>', 'the source vertex (0-based, or the ids of the file)', intOption('--source', RULES.vertex))
    .option('-n, --trials <k>', 'random sources with at least one arc (default 1)', intOption('--trials', RULES.trials));
}

/** `--symmetrize`'s help in the commands that otherwise read a FILE as given (sssp, pagerank, multi-source, bfs; see `loadGraphInput`). */
export const SYMMETRIZE_FILE_HELP =
  "FILE as an undirected graph: every arc's mirror added, parallel arcs merged (the least weight kept); for files that list each edge once, like SNAP's facebook_combined.txt";
