import { createHash } from 'node:crypto';
import { chmodSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

/*
 * The embedded database may be opened by one process at a time: a second PGlite on the same folder
 * undoes the first one's work. So whoever opens it (the server, `npm run user`, `npm run backup`,
 * `npm run restore`) first takes the data folder's control socket, a Unix socket in the folder (on
 * Windows a named pipe named after it), and keeps it until the database is closed. A process that
 * finds the socket answering does not open the folder; a socket left behind by a killed process
 * answers nothing and is replaced.
 *
 * The holder answers `GET /backup` on that socket with a gzipped tarball of the data folder, which
 * PGlite writes between two transactions (dumpDataDir under its transaction lock), so
 * `npm run backup` gets a consistent copy from a running server. The socket is not a network port
 * and the API has no backup route: only the operating-system account that owns the data folder
 * (kept 0700; the socket is 0600) can ask for a backup.
 */

export const gzipped = (tarball: Uint8Array): Promise<Buffer> => promisify(gzip)(tarball);

/** Unix socket paths are cut short past about 104 bytes, so a longer one is refused rather than moved. */
const MAX_SOCKET_PATH = 100;

export function controlSocket(dataDir: string): string {
  if (process.platform === 'win32') return `\\\\.\\pipe\\wheelhouse-${createHash('sha256').update(dataDir).digest('hex').slice(0, 32)}`;
  return join(dataDir, 'control.sock');
}

/** Another live process holds the data folder. */
export class DataDirInUse extends Error {}

export interface DataDirHold {
  /** Starts answering backup requests with tarballs from `dump`. */
  serve(dump: () => Promise<Uint8Array>): void;
  close(): Promise<void>;
}

/** Takes the data folder for this process, or throws when another process holds it. */
export async function holdDataDir(dataDir: string): Promise<DataDirHold> {
  const path = controlSocket(dataDir);
  if (Buffer.byteLength(path) > MAX_SOCKET_PATH) {
    throw new Error(`The data folder's path is too long for its control socket (${path}): set DATA_DIR to a shorter path.`);
  }
  if (await answers(path)) {
    throw new DataDirInUse(`Another Wheelhouse process is using the embedded database in ${dataDir}: stop it first (npm run backup works while the server runs).`);
  }
  if (process.platform !== 'win32') rmSync(path, { force: true });
  let dump: (() => Promise<Uint8Array>) | undefined;
  const server = http.createServer(async (request, response) => {
    if (request.method !== 'GET' || request.url !== '/backup') return void response.writeHead(404).end();
    if (!dump) return void response.writeHead(503).end('The database is still opening: try again in a moment.');
    try {
      const body = await gzipped(await dump());
      response.writeHead(200, { 'content-type': 'application/gzip', 'content-length': body.byteLength }).end(body);
    } catch (error) {
      response.writeHead(500).end(`The backup failed: ${error instanceof Error ? error.message : error}`);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new DataDirInUse(`Another Wheelhouse process is using the embedded database in ${dataDir}.`) : error),
    );
    server.listen(path, resolve);
  });
  if (process.platform !== 'win32') chmodSync(path, 0o600);
  return {
    serve(next) {
      dump = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** Whether a live process holds the socket (a socket file without one is left from a crash). */
function answers(path: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(path);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(false);
      else reject(new Error(`Cannot check who uses the embedded database (${path}): ${error.message}`));
    });
  });
}

/** A gzipped backup from the process that holds the data folder, or undefined when none does. */
export function requestBackup(dataDir: string): Promise<Buffer | undefined> {
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath: controlSocket(dataDir), path: '/backup' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        if (response.statusCode === 200) resolve(body);
        else reject(new Error(body.toString('utf8') || `The server answered ${response.statusCode}.`));
      });
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(undefined);
      else reject(error);
    });
  });
}
