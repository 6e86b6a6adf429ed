import os from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { requireChromium } from './scripts/find-chromium.ts';
import { E2E_BACKUP_DIR, E2E_PORT } from './tests/e2e/e2e-paths.ts';

const PORT = E2E_PORT;
export const E2E_URL = `http://localhost:${PORT}`;
const chromium = await requireChromium();
const dataDir = path.join(os.tmpdir(), `marquee-e2e-${process.pid}`);
// E2E_DATABASE_URL runs the server on a fresh database `marquee_e2e` on that PostgreSQL server
// (CI does this for the booking story); by default it runs on the embedded database.
const serverDatabase = process.env.E2E_DATABASE_URL ? Object.assign(new URL(process.env.E2E_DATABASE_URL), { pathname: '/marquee_e2e' }).toString() : null;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results/e2e',
  // The longest stories (booking a gig end to end, the venue database) take 40-60 s on two busy cores.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [['list']],
  use: {
    baseURL: E2E_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium.executablePath,
      args: chromium.args,
    },
  },
  projects: [
    { name: 'laptop', use: { ...devices['Desktop Chrome'], viewport: { width: 1366, height: 900 } }, testIgnore: /phone\.spec\.ts$/ },
    // The flows a person does on a phone; laptop specs are not run twice.
    { name: 'phone', use: { ...devices['Pixel 7'], viewport: { width: 375, height: 812 } }, testMatch: /phone\.spec\.ts$/ },
  ],
  webServer: {
    // The production server, on a fresh data folder with the demo scene.
    command: serverDatabase
      ? `rm -rf ${dataDir} ${E2E_BACKUP_DIR} && node scripts/fresh-database.ts ${process.env.E2E_DATABASE_URL} marquee_e2e && node src/server/main.ts`
      : `rm -rf ${dataDir} ${E2E_BACKUP_DIR} && node src/server/main.ts`,
    url: `${E2E_URL}/readyz`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PUBLIC_URL: E2E_URL,
      DEMO_DATA: 'true',
      LOG_LEVEL: 'warn',
      SIGN_IN_RATE_LIMIT_PER_MINUTE: '1000',
      REGISTER_RATE_LIMIT_PER_HOUR: '1000',
      // Every browser test buys from one address (decision 35's limits have their own tests).
      CHECKOUT_HOLDS_PER_ADDRESS: '1000',
      CHECKOUT_RATE_LIMIT_PER_10_MINUTES: '1000',
      // Decision 54: the webhook story's receiver listens on 127.0.0.1, over plain http.
      WEBHOOKS_ALLOW_PRIVATE: 'true',
      BACKUP_DIR: E2E_BACKUP_DIR,
      TZ: 'UTC',
      ...(serverDatabase ? { DATABASE_URL: serverDatabase } : {}),
    },
  },
});
