import { readDimacsGr, generateRandom4n, writeDimacsGr } from './src/index.js';
const big = generateRandom4n(1 << 20, 971);
let t = performance.now(); const text = writeDimacsGr(big); console.log('write', (performance.now()-t).toFixed(0));
const eb = new TextEncoder().encode(text);
for (let r = 0; r < 3; r++) { t = performance.now(); readDimacsGr(eb); console.log('read bytes', (performance.now()-t).toFixed(0)); }
