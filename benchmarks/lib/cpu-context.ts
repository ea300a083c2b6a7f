// The results context of a CPU-only suite: the device is the processor, named with its core count.
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { declaredGit, hostDescription, type BenchContext } from './results.js';

const model = cpus()[0].model.replace(/\((R|TM)\)/g, '').replace(/\s+/g, ' ').trim();

/** `Intel Xeon Processor @ 2.50GHz, 2 cores`: the device of a CPU-only suite. */
export const CPU_DEVICE = `${model}, ${cpus().length} cores`;

function gitSha(): string {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    return declaredGit();
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
