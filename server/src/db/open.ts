import type { Config } from '../config.js';
import type { Db } from './db.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

export interface DbLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** Opens the configured store and brings its schema up to date. */
export async function openDb(config: Pick<Config, 'databaseUrl' | 'dataDir'>, log: DbLog): Promise<Db> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, (err) => log.error({ err }, 'idle database connection failed'))
    : await openPglite(config.dataDir);
  try {
    const applied = await migrate(db);
    log.info({ db: db.kind, applied }, applied.length ? 'migrations applied' : 'schema up to date');
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
