// Run under `ulimit -f` by write-graph-file.test.ts: writes 20 MiB to a file, plain and gzipped, where the
// size limit makes a write fail midway (EFBIG), as a full disk would; prints each outcome and what is left.
import { readdirSync } from 'node:fs';
import { writeTextFile } from '../../src/index.js';

process.on('SIGXFSZ', () => {}); // else the signal kills the process instead of the write failing
const dir = process.argv[2];
function* chunks(): Generator<Uint8Array> {
  const bytes = new Uint8Array(1 << 20);
  for (let i = 0; i < 20; i++) {
    crypto.getRandomValues(bytes.subarray(0, 65536)); // incompressible, so that the gzipped file passes the limit too
    yield bytes;
  }
}
for (const name of ['g.txt', 'g.txt.gz']) {
  const outcome = await writeTextFile(`${dir}/${name}`, chunks()).then(() => 'written', (error: NodeJS.ErrnoException) => error.code);
  console.log(`${name}: ${outcome}`);
}
console.log(`left: ${JSON.stringify(readdirSync(dir))}`);
