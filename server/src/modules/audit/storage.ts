import type { Db } from '../../db/db.js';

export interface AuditEntry {
  id: string;
  actor: string;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
  createdAt: Date;
}

/** Pass the transaction that makes the change, so the change and its record commit together. */
export async function recordAudit(
  db: Db,
  entry: { actor: string; action: string; target?: string | undefined; detail?: Record<string, unknown> },
): Promise<void> {
  await db.query('INSERT INTO audit_log (actor, action, target, detail) VALUES ($1, $2, $3, $4)', [
    entry.actor,
    entry.action,
    entry.target ?? null,
    JSON.stringify(entry.detail ?? {}),
  ]);
}

export async function listAudit(db: Db, limit: number): Promise<AuditEntry[]> {
  const { rows } = await db.query<AuditEntry>(
    'SELECT id, actor, action, target, detail, created_at AS "createdAt" FROM audit_log ORDER BY id DESC LIMIT $1',
    [limit],
  );
  return rows;
}
