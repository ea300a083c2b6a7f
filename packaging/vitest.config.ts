import { defineConfig } from 'vitest/config';

// No `source` condition here: the packages are used as published, from a project outside the workspace.
export default defineConfig({
  test: { include: ['test/**/*.test.ts'], testTimeout: 300_000, hookTimeout: 300_000 },
});
