import { spawn } from 'node:child_process';
import { AppError } from '../../http/app-error.ts';

export type PostgresTool = 'pg_dump' | 'pg_restore';

/**
 * How pg_dump and pg_restore reach a database: its URL without the password, which travels in
 * PGPASSWORD instead (a command line is visible to everyone on the machine through `ps`).
 */
export function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : { ...process.env } };
}

/** A database URL fit for messages: without its password. */
export function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

/** Runs a PostgreSQL client tool; a failure becomes an AppError carrying the tool's own words. */
export function runPostgresTool(tool: PostgresTool, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
    child.on('error', (error: NodeJS.ErrnoException) => {
      reject(error.code === 'ENOENT' ? new AppError('INTERNAL', `${tool} was not found on PATH. ${INSTALL_HINT}`) : error);
    });
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new AppError('INTERNAL', `${tool} failed (exit code ${code}):\n${stderr.trim()}`));
    });
  });
}

const INSTALL_HINT =
  'Backups of a PostgreSQL server use pg_dump and pg_restore, of the server\'s major version or newer: install the PostgreSQL client tools (Debian and Ubuntu: apt-get install postgresql-client).';

/** The tool's major version, from `pg_dump --version` ("pg_dump (PostgreSQL) 15.14 (Debian …)"). */
export function readMajorVersion(versionLine: string): number | null {
  const match = /\(PostgreSQL\)\s+(\d+)/.exec(versionLine);
  return match ? Number(match[1]) : null;
}

/**
 * Checks that the tool is installed and at least version `atLeast` (the server's, or that of the
 * pg_dump that wrote a dump: older tools refuse newer servers and dumps). `reason` says why.
 */
export async function assertPostgresTool(tool: PostgresTool, atLeast: number, reason: string, env: NodeJS.ProcessEnv = process.env): Promise<number> {
  const line = (await runPostgresTool(tool, ['--version'], env)).trim();
  const major = readMajorVersion(line);
  if (major === null) throw new AppError('INTERNAL', `Could not read ${tool}'s version from "${line}".`);
  if (major < atLeast) {
    throw new AppError(
      'INTERNAL',
      `${tool} is version ${major}, but ${reason}: ${tool} must be version ${atLeast} or newer. ` +
        `Install the PostgreSQL ${atLeast} client tools (Debian and Ubuntu: apt-get install postgresql-client-${atLeast}) and put them first on PATH.`,
    );
  }
  return major;
}
