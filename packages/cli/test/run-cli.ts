import { main } from '../src/index.js';
import type { CliIo, CliStream } from '../src/index.js';

/** What one in-process `semiforge` run produced. */
export interface CliRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
}

class Capture implements CliStream {
  text = '';
  readonly isTTY = false;
  write(chunk: string): boolean {
    this.text += chunk;
    return true;
  }
}

/** Runs `semiforge ...argv` in this process with captured streams. */
export async function runCli(argv: readonly string[], env: Record<string, string | undefined> = {}): Promise<CliRun> {
  const stdout = new Capture();
  const stderr = new Capture();
  const io: CliIo = { stdout, stderr, env };
  const code = await main(argv, io);
  return { code, stdout: stdout.text, stderr: stderr.text };
}
