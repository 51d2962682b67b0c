/**
 * The bench's bare handler, in a process of its own as the app's server is: node:http and
 * postgres.js only, answering each captured path by running the statements the app ran for it (in
 * the groups it ran them concurrently, in a transaction when the app ran one) and sending their rows as JSON.
 *
 *   DATABASE_URL=postgres://... PORT=... node dist/bench-bare.mjs statements.json
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { Db } from '../../src/db/port.ts';
import { postgresDb } from '../../src/db/postgres.ts';

export type Group = { sql: string; params: unknown[] }[];
/** A path's statements, in the groups they ran concurrently, and whether the app ran them in a transaction. */
export interface Captured {
  inTransaction: boolean;
  groups: Group[];
}

const captured = new Map<string, Captured>(JSON.parse(readFileSync(process.argv[2], 'utf8')));
const db = postgresDb(process.env.DATABASE_URL!, { prepare: true }); // the client the app uses on a direct connection: max 10, prepared

const server = createServer(async (request, response) => {
  const call = captured.get(request.url ?? '');
  if (!call) {
    response.writeHead(404).end();
    return;
  }
  try {
    const run = async (on: Db) => {
      let results: unknown[] = [];
      for (const group of call.groups) results = await Promise.all(group.map((statement) => on.query(statement.sql, statement.params)));
      return results;
    };
    const results = call.inTransaction ? await db.transaction(run) : await run(db);
    const body = JSON.stringify({ data: results });
    response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }).end(body);
  } catch (error) {
    console.error(error);
    response.writeHead(500).end();
  }
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.on('SIGTERM', () => server.close(() => db.close().then(() => process.exit(0))));
