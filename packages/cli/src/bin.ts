#!/usr/bin/env node
import { main } from './main.js';

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
