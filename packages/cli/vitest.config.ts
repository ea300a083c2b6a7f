import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: { conditions: ['source'] },
  test: { include: ['src/**/*.test.ts', 'test/**/*.test.ts'], testTimeout: 120_000, hookTimeout: 120_000 },
});
