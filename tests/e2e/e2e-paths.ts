import os from 'node:os';
import path from 'node:path';

/** The port the browser stories' server listens on (CI's 3199, or E2E_PORT). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);

/** Issue 36: the server's backups folder, by port, so a story (another process than the config's) finds it. */
export const E2E_BACKUP_DIR = path.join(os.tmpdir(), `marquee-e2e-backups-${E2E_PORT}`);
