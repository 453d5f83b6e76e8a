import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './db.js';

// The build copies src/db/migrations next to the compiled dist/db/migrate.js, so this path holds in both.
const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const FILE_NAME = /^(\d{4})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export async function loadMigrations(dir: string = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await readdir(dir)).filter((file) => file.endsWith('.sql')).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const match = FILE_NAME.exec(file);
    if (!match) throw new Error(`Migration file name must look like 0001_name.sql: ${file}`);
    const version = Number(match[1]);
    if (migrations.some((m) => m.version === version)) throw new Error(`Two migrations share version ${version}`);
    migrations.push({ version, name: file.replace(/\.sql$/, ''), sql: await readFile(path.join(dir, file), 'utf8') });
  }
  return migrations;
}

/** Applies the migrations not yet recorded, each in its own transaction, in order. Returns the names applied. */
export async function migrate(db: Db, migrations?: Migration[]): Promise<string[]> {
  const pending = migrations ?? (await loadMigrations());
  await db.exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL DEFAULT now()
  )`);
  const applied: string[] = [];
  for (const migration of pending) {
    const done = await db.transaction(async (tx) => {
      // Serialises concurrent starts against one PostgreSQL server; the second waits, then sees the row.
      await tx.query('LOCK TABLE schema_migrations IN EXCLUSIVE MODE');
      const { rows } = await tx.query('SELECT 1 FROM schema_migrations WHERE version = $1', [migration.version]);
      if (rows.length) return false;
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (version, name) VALUES ($1, $2)', [migration.version, migration.name]);
      return true;
    });
    if (done) applied.push(migration.name);
  }
  return applied;
}
