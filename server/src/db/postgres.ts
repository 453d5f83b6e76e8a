import pg from 'pg';
import type { Db } from './db.js';

/** onIdleError: an idle pooled connection failed (e.g. the server restarted); the pool replaces it. */
export async function openPostgres(connectionString: string, onIdleError: (error: Error) => void): Promise<Db> {
  const pool = new pg.Pool({ connectionString });
  pool.on('error', onIdleError);
  try {
    await pool.query('SELECT 1');
  } catch (error) {
    await pool.end();
    throw error;
  }

  const run = async <T>(client: pg.PoolClient | pg.Pool, sql: string, params?: unknown[]) => {
    const result = await client.query(sql, params);
    return { rows: result.rows as T[] };
  };

  function inTransaction(client: pg.PoolClient): Db {
    const db: Db = {
      kind: 'postgres',
      query: (sql, params) => run(client, sql, params),
      exec: async (sql) => void (await client.query(sql)),
      transaction: (fn) => fn(db),
      close: () => Promise.reject(new Error('close() is not available inside a transaction')),
    };
    return db;
  }

  return {
    kind: 'postgres',
    query: (sql, params) => run(pool, sql, params),
    exec: async (sql) => void (await pool.query(sql)),
    transaction: async (fn) => {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const result = await fn(inTransaction(client));
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
        throw error;
      } finally {
        // A connection that cannot even roll back is discarded rather than handed to the next caller.
        client.release(broken);
      }
    },
    close: () => pool.end(),
  };
}
