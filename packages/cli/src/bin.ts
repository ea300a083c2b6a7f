#!/usr/bin/env node
import { main } from './main.js';

// A reader that stops early (`semiforge codegen … | head`) closes the pipe: end quietly as Unix tools do,
// not with Node's unhandled EPIPE stack trace.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  process.stderr.write(`semiforge: cannot write to stdout: ${error.message}\n`);
  process.exit(1);
});

// The only place that ends the process. Setting exitCode lets stdout drain; the unref'd timer ends a
// process that something (a GPU driver thread) would keep alive.
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
    setTimeout(() => process.exit(code), 2000).unref();
  },
  (error: unknown) => {
    process.stderr.write(`semiforge: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
