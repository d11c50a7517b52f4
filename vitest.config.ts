import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'tests/**/*.test.tsx'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Server test files each start their own database; two at a time fits a 2-core machine.
    maxWorkers: 2,
  },
});
