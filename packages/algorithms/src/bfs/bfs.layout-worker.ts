// Worker entry of blockedAdjacencyParallel: every block of its range of slots, written into the shared words.
import { workerInput } from '@semiforge/graph-io';
import { fillBlocks, type BlockFill } from './bfs.layout.js';

fillBlocks(workerInput<BlockFill>());
