export type DbKind = 'pglite' | 'postgres';

/**
 * The one storage interface every module uses, so the same SQL runs on the embedded PGlite and on a PostgreSQL
 * server. Placeholders are $1-style. Both adapters return int8 and numeric columns as strings (never lossy
 * numbers), timestamptz as Date and jsonb as parsed values.
 */
export interface Db {
  readonly kind: DbKind;
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(sql: string): Promise<void>;
  /** Commits when fn resolves, rolls back when it throws. Nested calls join the outer transaction. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
