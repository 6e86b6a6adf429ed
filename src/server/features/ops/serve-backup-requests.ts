import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { AppError } from '../../http/app-error.ts';
import type { Logger } from '../../logger.ts';
import { dumpEmbeddedDatabase, type EmbeddedDump } from './dump-embedded-database.ts';
import type { DatabaseFacts } from './read-database-facts.ts';

// A running Marquee holds its embedded database (one process per data folder), so `npm run backup`
// asks it for the dump over a Unix socket inside the data folder (decision 28). Only someone who
// can open the data folder, and so read the database anyway, can connect. The answer is one line
// of JSON (ok, bytes, facts, or a message) and then the tarball's bytes.

const DUMP_REQUEST = 'dump';
// Linux allows 108 bytes for a socket's path, including its final zero byte.
const MAX_SOCKET_PATH_BYTES = 107;

type Answer = { ok: true; bytes: number; facts: DatabaseFacts } | { ok: false; message: string };

export function backupSocketPath(dataDir: string): string {
  return path.resolve(dataDir, 'control', 'backup.sock');
}

/** Answers backup requests for the embedded database; returns the function that stops answering. */
export async function serveBackupRequests({ dataDir, pglite, logger }: { dataDir: string; pglite: PGlite; logger: Logger }): Promise<() => Promise<void>> {
  const socketPath = backupSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    logger.warn({ socketPath }, 'the data folder path is too long for the backup socket: stop Marquee to run npm run backup');
    return async () => {};
  }
  const folder = path.dirname(socketPath);
  await fs.mkdir(folder, { recursive: true, mode: 0o700 });
  await fs.chmod(folder, 0o700);
  // Left by a process that died: this one holds the data folder's lock, so no other is answering.
  await fs.rm(socketPath, { force: true });

  const answer = async (socket: net.Socket) => {
    socket.on('error', () => {});
    // A client that connects and says nothing must not hold the server's shutdown open.
    socket.setTimeout(10_000, () => socket.destroy());
    const request = await readRequest(socket);
    socket.setTimeout(0);
    if (request !== DUMP_REQUEST) {
      socket.end(`${JSON.stringify({ ok: false, message: 'unknown request' } satisfies Answer)}\n`);
      return;
    }
    const started = performance.now();
    try {
      const { tarball, facts } = await dumpEmbeddedDatabase(pglite);
      socket.write(`${JSON.stringify({ ok: true, bytes: tarball.byteLength, facts } satisfies Answer)}\n`);
      socket.end(tarball);
      logger.info({ bytes: tarball.byteLength, ms: Math.round(performance.now() - started) }, 'database dumped for a backup');
    } catch (error) {
      logger.error({ err: error }, 'database dump for a backup failed');
      socket.end(`${JSON.stringify({ ok: false, message: (error as Error).message } satisfies Answer)}\n`);
    }
  };
  const server = net.createServer((socket) => void answer(socket));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => resolve());
  });
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
    await fs.rm(socketPath, { force: true });
  };
}

/** Asks the Marquee process that holds the data folder for a dump of its embedded database. */
export async function requestEmbeddedDump(dataDir: string): Promise<EmbeddedDump> {
  const socketPath = backupSocketPath(dataDir);
  let response: Buffer;
  try {
    response = await new Promise<Buffer>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const socket = net.createConnection(socketPath, () => socket.write(`${DUMP_REQUEST}\n`));
      socket.on('data', (chunk: Buffer) => chunks.push(chunk));
      socket.on('end', () => resolve(Buffer.concat(chunks)));
      socket.on('error', reject);
    });
  } catch (error) {
    throw new AppError(
      'CONFLICT',
      `The data folder ${path.resolve(dataDir)} is in use by a Marquee process that does not answer backup requests ` +
        `(${(error as NodeJS.ErrnoException).code ?? (error as Error).message} at ${socketPath}): it may still be starting, or be an older version. ` +
        'Try again in a minute, or stop Marquee, run the backup, and start it again.',
    );
  }
  const end = response.indexOf(0x0a);
  let answer: Answer;
  try {
    if (end < 0) throw new Error('no answer');
    answer = JSON.parse(response.subarray(0, end).toString('utf8')) as Answer;
  } catch {
    throw new AppError('INTERNAL', 'The running Marquee sent an answer the backup could not read.');
  }
  if (!answer.ok) throw new AppError('INTERNAL', `The running Marquee could not dump its database: ${answer.message}`);
  const tarball = response.subarray(end + 1);
  if (tarball.byteLength !== answer.bytes) throw new AppError('INTERNAL', `The running Marquee's dump arrived incomplete (${tarball.byteLength} of ${answer.bytes} bytes).`);
  return { tarball, facts: answer.facts };
}

function readRequest(socket: net.Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = '';
    const onData = (chunk: Buffer) => {
      text += chunk.toString('utf8');
      const end = text.indexOf('\n');
      if (end >= 0 || text.length > 64) {
        socket.off('data', onData);
        resolve(text.slice(0, end >= 0 ? end : 64).trim());
      }
    };
    socket.on('data', onData);
    socket.once('end', () => resolve(text.trim()));
    socket.once('close', () => resolve(text.trim()));
  });
}
