import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { Db, Row } from './port.ts';
import { withPriorities, type Prioritised } from './gate.ts';

export interface PgliteDb extends Db, Prioritised {
  pg: PGlite;
  close(): Promise<void>;
  /** A tarball of the data folder, written between two transactions so it is consistent. */
  dump(): Promise<Uint8Array>;
}

/**
 * An embedded database in `dataDir` (a folder, or memory when omitted), or loaded from a dump; its
 * reports wait behind the counter's work (gate.ts).
 */
export async function pgliteDb(options: { dataDir?: string; loadDataDir?: Blob | File } = {}): Promise<PgliteDb> {
  const pg = await PGlite.create({
    dataDir: options.dataDir,
    loadDataDir: options.loadDataDir,
    extensions: { pg_trgm },
    // The same values postgres.js gives (see postgres.ts): numbers for int8 and numeric, text for dates.
    parsers: { [types.INT8]: Number, [types.NUMERIC]: Number, [types.DATE]: (value: string) => value },
  });
  const dump = async () => new Uint8Array(await (await pg._runExclusiveTransaction(() => pg.dumpDataDir('none'))).arrayBuffer());
  return withPriorities({ ...wrap(pg), pg, close: () => pg.close(), dump });
}

type Queryable = Pick<PGlite, 'query' | 'exec'> & Partial<Pick<PGlite, 'transaction'>>;

function wrap(pg: Queryable): Db {
  return {
    async query<T = Row>(text: string, params: unknown[] = []) {
      return (await pg.query<T>(text, params)).rows;
    },
    async exec(text: string) {
      await pg.exec(text);
    },
    async transaction<T>(work: (tx: Db) => Promise<T>) {
      if (pg.transaction) return pg.transaction((tx) => work(wrap(tx)));
      // Inside a transaction, a savepoint: the work is undone alone when it fails and the caller goes on.
      const name = `s${++savepoints}`;
      await pg.query(`savepoint ${name}`);
      try {
        const result = await work(wrap(pg));
        await pg.query(`release savepoint ${name}`);
        return result;
      } catch (error) {
        await pg.query(`rollback to savepoint ${name}`);
        throw error;
      }
    },
  };
}

let savepoints = 0;
