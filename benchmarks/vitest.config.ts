import { mergeConfig } from 'vitest/config';
import shared from '../vitest.shared.js';

// The shared config looks in src/ and test/; the benchmark tools and suites keep their tests beside them.
export default mergeConfig(shared, { test: { include: ['lib/**/*.test.ts', 'bfs/**/*.test.ts', 'spmv/**/*.test.ts', 'pagerank/**/*.test.ts', 'sssp/**/*.test.ts'] } });
