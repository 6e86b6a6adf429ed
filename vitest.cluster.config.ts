import { defineConfig } from 'vitest/config';

// `npm run test:cluster`: several real instances on one PostgreSQL server (DATABASE_URL), issue 13.
export default defineConfig({
  test: {
    include: ['tests/cluster/**/*.test.ts'],
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 120_000,
    maxWorkers: 1,
    env: { TZ: 'UTC' },
  },
});
