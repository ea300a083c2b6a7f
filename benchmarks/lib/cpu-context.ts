// The results context of a CPU-only suite: the device is the processor, named with its core count.
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { declaredGit, hostDescription, type BenchContext } from './results.js';

const model = cpus()[0].model.replace(/\((R|TM)\)/g, '').replace(/\s+/g, ' ').trim();

/** `Intel Xeon Processor @ 2.50GHz, 2 cores`: the device of a CPU-only suite. */
export const CPU_DEVICE = `${model}, ${cpus().length} cores`;

/**
 * The commit a run names: a bundle's own (or `$SEMIFORGE_GIT`) first, since the folder a bundle runs in may be a
 * copy of another commit (a GPU host's copy of the tree named the commit before the bundled one); else git's HEAD.
 */
function gitSha(): string {
  const declared = declaredGit();
  if (declared !== 'unknown') return declared;
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return declared;
  }
}

/** The context of a CPU-only run of `script` with this process's arguments. */
export function cpuContext(script: string, versions: Record<string, string>): BenchContext {
  return {
    date: new Date().toISOString(),
    git: gitSha(),
    command: `tsx --conditions=source ${script} ${process.argv.slice(2).join(' ')}`.trim(),
    host: hostDescription(),
    device: CPU_DEVICE,
    backend: 'cpu',
    adapter: { vendor: '', architecture: '', driver: '', description: model },
    versions: { node: process.versions.node, '@semiforge/graph-io': '0.1.0', ...versions },
  };
}
