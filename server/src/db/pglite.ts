import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { Db } from './db.js';
import { acquireDirLock } from './dir-lock.js';

/**
 * PGlite has one connection and runs one transaction at a time: its query(), exec() and transaction() all wait
 * for the open transaction to finish, so a plain query is never swept into another caller's transaction (the
 * db tests hold both stores to that). Row locks give no extra isolation here; see DESIGN.md section 6.
 */
export async function openPglite(dataDir: string): Promise<Db> {
  const dir = path.join(dataDir, 'pg');
  await mkdir(dir, { recursive: true });
  // Two processes on one PGlite folder corrupt it; the lock makes the second one fail instead.
  const lock = await acquireDirLock(dir);
  let pg: PGlite;
  try {
    pg = await PGlite.create(dir, { parsers: { [types.INT8]: (value: string) => value } });
  } catch (error) {
    await lock.release();
    throw error;
  }
  return {
    kind: 'pglite',
    query: (sql, params) => pg.query(sql, params),
    exec: async (sql) => void (await pg.exec(sql)),
    transaction: (fn) => pg.transaction((tx) => fn(inTransaction(tx))),
    close: async () => {
      await pg.close();
      await lock.release();
    },
  };
}

function inTransaction(tx: Transaction): Db {
  const db: Db = {
    kind: 'pglite',
    query: (sql, params) => tx.query(sql, params),
    exec: async (sql) => void (await tx.exec(sql)),
    transaction: (fn) => fn(db),
    close: () => Promise.reject(new Error('close() is not available inside a transaction')),
  };
  return db;
}
