import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Two cores: each file opens its own database; keep the pool small.
    maxWorkers: 2,
    env: { TZ: 'UTC' },
  },
});
