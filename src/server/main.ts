import type { Server } from 'node:http';
import { createApp } from './app.ts';
import { DataFolderLockedError, lockDataFolder, openEmbeddedDatabase, openServerDatabase, type Database } from './db/client.ts';
import { prepareDatabase } from './db/prepare-database.ts';
import { InvalidSettingsError, readEnv } from './env.ts';
import { grantAdmins } from './features/admin/grant-admins.ts';
import { guardOutgoingFetch } from './features/federation/guard-outgoing-fetch.ts';
import { serveBackupRequests } from './features/ops/serve-backup-requests.ts';
import { createLogger } from './logger.ts';
import { createServices } from './create-services.ts';
import { serveApp } from './http/serve-app.ts';
import { createStorage } from './storage/create-storage.ts';

const DRAIN_MS = 15_000;

/** Stops accepting connections and waits for those open to finish their requests (then closes any left). */
function drainServer(http: Server, timeoutMs: number): Promise<void> {
  return new Promise((resolve) => {
    // Keep-alive connections between requests are closed as they go idle; open requests finish.
    const sweep = setInterval(() => http.closeIdleConnections(), 100);
    const deadline = setTimeout(() => http.closeAllConnections(), timeoutMs);
    http.close(() => {
      clearInterval(sweep);
      clearTimeout(deadline);
      resolve();
    });
  });
}

async function start() {
  const env = readEnv();
  const logger = createLogger(env.LOG_LEVEL);
  // Decision 56: federation's deliveries never reach this machine's own network.
  if (env.FEDERATION && !env.FEDERATION_ALLOW_PRIVATE) guardOutgoingFetch();
  let releaseLock: (() => Promise<void>) | undefined;
  let stopBackupRequests: (() => Promise<void>) | undefined;
  let database: Database;
  if (env.DATABASE_URL) {
    database = await openServerDatabase(env.DATABASE_URL, 10, (error) => logger.warn({ err: error }, 'database connection lost'));
  } else {
    releaseLock = await lockDataFolder(env.DATA_DIR, { log: (message) => logger.warn(message) });
    database = await openEmbeddedDatabase(env.DATA_DIR);
    // `npm run backup` asks this process for the embedded database it holds (decision 28).
    stopBackupRequests = await serveBackupRequests({ dataDir: env.DATA_DIR, pglite: database.pglite!, logger });
  }
  await prepareDatabase(database, {
    isDemoDataEnabled: env.DEMO_DATA,
    storage: await createStorage(env),
    logger,
  });
  const granted = await grantAdmins(database.db, env.ADMIN_EMAILS);
  if (granted.length) logger.info({ granted }, 'admin granted from ADMIN_EMAILS');

  const services = await createServices(env, database, logger);
  const app = createApp(services);
  const server = serveApp(app, { port: env.PORT, hostname: env.HOST }, (info) => {
    logger.info({ url: env.PUBLIC_URL, port: info.port, database: database.kind }, 'Marquee is ready');
  });

  // Graceful stop (issue 13): no new connections; /readyz says 'stopping'; live streams end;
  // requests in flight finish (for up to DRAIN_MS); running jobs end at their next batch and go
  // back to the queue for another instance; then the database closes and the process exits.
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'stopping: finishing the requests and jobs in flight');
    // services.close() sets `stopping` before its first await: /readyz and the live streams see it at once.
    await Promise.all([services.close(), drainServer(server, DRAIN_MS)]);
    await stopBackupRequests?.();
    await database.close();
    await releaseLock?.();
    logger.info('stopped');
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

start().catch((error: unknown) => {
  if (error instanceof InvalidSettingsError || error instanceof DataFolderLockedError) {
    console.error(`\nMarquee cannot start.\n${error.message}\n`);
  } else {
    console.error('Marquee failed to start:', error);
  }
  process.exit(1);
});
