// Worker entry of TreeDepthPool: treeDepths of each parent array posted to it, the arrays' memory moved both ways.
import { parentPort } from 'node:worker_threads';
// From its file, not the package: the worker needs treeDepths alone, not the GPU runners the package loads.
import { treeDepths } from '../../packages/algorithms/src/bfs/bfs.output.js';
import type { DepthJob, DepthReply } from './tree-depth-pool.js';

parentPort!.on('message', (job: DepthJob) => {
  const parent = new Int32Array(job.buffer, 0, job.length);
  const tree = treeDepths(parent, job.source);
  const reply: DepthReply = 'depth' in tree ? { id: job.id, buffer: job.buffer, depth: tree.depth.buffer as ArrayBuffer } : { id: job.id, buffer: job.buffer, brokenAt: tree.brokenAt };
  parentPort!.postMessage(reply, 'depth' in reply ? [job.buffer, reply.depth] : [job.buffer]);
});
