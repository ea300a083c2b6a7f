import { mergeConfig } from 'vitest/config';
import shared from '../vitest.shared.js';

// The shared config looks in src/ and test/; the benchmark tools keep their tests beside them in lib/.
export default mergeConfig(shared, { test: { include: ['lib/**/*.test.ts'] } });
