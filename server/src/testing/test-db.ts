import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before } from 'node:test';
import pg from 'pg';
import type { Db, DbKind } from '../db/db.js';
import { migrate } from '../db/migrate.js';
import { openPglite } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';

/**
 * A fresh, empty store for one test file: PGlite in a temp folder by default, or, when TEST_DATABASE_URL names
 * a PostgreSQL server, a new database meridian_test_<random> on it, dropped again by cleanup().
 */
export interface TestStore {
  kind: DbKind;
  /** DATA_DIR (always a fresh temp folder) and, for PostgreSQL, DATABASE_URL: how a child server finds this store. */
  env: { DATA_DIR: string; DATABASE_URL?: string };
  /** Opens the store without migrating it; cleanup() closes whatever is still open. */
  open(): Promise<Db>;
  cleanup(): Promise<void>;
}

export async function testStore(): Promise<TestStore> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'meridian-test-'));
  const opened = new Set<Db>();
  const track = async (db: Promise<Db>): Promise<Db> => {
    const handle = await db;
    opened.add(handle);
    const close = handle.close.bind(handle);
    return { ...handle, close: async () => void (opened.delete(handle) && (await close())) };
  };
  const closeAll = async () => {
    for (const db of opened) await db.close();
    opened.clear();
  };

  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    return {
      kind: 'pglite',
      env: { DATA_DIR: dataDir },
      open: () => track(openPglite(dataDir)),
      cleanup: async () => {
        await closeAll();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }

  const name = `meridian_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const databaseUrl = url.toString();
  return {
    kind: 'postgres',
    env: { DATA_DIR: dataDir, DATABASE_URL: databaseUrl },
    open: () => track(openPostgres(databaseUrl, () => undefined)),
    cleanup: async () => {
      try {
        await closeAll();
        await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await admin.end();
        await rm(dataDir, { recursive: true, force: true });
      }
    },
  };
}

/** A migrated store, ready for the app; cleanup() closes and removes it. */
export async function testDb(): Promise<{ db: Db; store: TestStore; cleanup(): Promise<void> }> {
  const store = await testStore();
  const db = await store.open();
  await migrate(db);
  return { db, store, cleanup: () => store.cleanup() };
}

/**
 * A migration test's store: empty and unmigrated (the test migrates it up to the version it starts from), opened
 * before the file's tests and handed to `onOpen`, removed after them.
 */
export function useUnmigratedStore(onOpen: (db: Db) => void): void {
  let store: TestStore | undefined;
  before(async () => {
    store = await testStore();
    onOpen(await store.open());
  });
  after(() => store?.cleanup());
}
