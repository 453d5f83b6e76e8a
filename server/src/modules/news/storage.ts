import type { Db } from '../../db/db.js';

export interface NewsRow {
  id: string;
  seedKey: string | null;
  title: string;
  html: string;
  published: boolean;
  publishedBy: string;
  publishedAt: Date;
  unpublishedAt: Date | null;
}

const COLUMNS = `id, seed_key AS "seedKey", title, html, published, published_by AS "publishedBy", published_at AS "publishedAt",
  unpublished_at AS "unpublishedAt"`;

/** Inserts an article; with a seedKey already used it inserts nothing and answers undefined. */
export async function insertNews(
  db: Db,
  input: { title: string; html: string; publishedBy: string; publishedAt: Date; seedKey?: string },
): Promise<NewsRow | undefined> {
  const { rows } = await db.query<NewsRow>(
    `INSERT INTO news (seed_key, title, html, published, published_by, published_at) VALUES ($1, $2, $3, true, $4, $5)
     ON CONFLICT (seed_key) DO NOTHING RETURNING ${COLUMNS}`,
    [input.seedKey ?? null, input.title, input.html, input.publishedBy, input.publishedAt],
  );
  return rows[0];
}

export async function listPublished(db: Db, page: { limit: number; offset: number }): Promise<{ total: number; rows: NewsRow[] }> {
  const total = await db.query<{ count: string }>('SELECT count(*)::text AS count FROM news WHERE published');
  const { rows } = await db.query<NewsRow>(
    `SELECT ${COLUMNS} FROM news WHERE published ORDER BY published_at DESC, id DESC LIMIT $1 OFFSET $2`,
    [page.limit, page.offset],
  );
  return { total: Number(total.rows[0]!.count), rows };
}

export async function findNews(db: Db, id: string, options: { publishedOnly: boolean }): Promise<NewsRow | undefined> {
  if (!/^[0-9]{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<NewsRow>(`SELECT ${COLUMNS} FROM news WHERE id = $1 AND ($2::boolean IS FALSE OR published)`, [id, options.publishedOnly]);
  return rows[0];
}

/** Every article, published or not, newest first (operators). */
export async function listAllNews(db: Db, limit: number): Promise<NewsRow[]> {
  const { rows } = await db.query<NewsRow>(`SELECT ${COLUMNS} FROM news ORDER BY published_at DESC, id DESC LIMIT $1`, [limit]);
  return rows;
}

/** Sets an article's published flag; undefined when there is no such article or it already had that flag. */
export async function setPublished(db: Db, id: string, published: boolean, now: Date): Promise<NewsRow | undefined> {
  if (!/^[0-9]{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<NewsRow>(
    `UPDATE news SET published = $2, unpublished_at = CASE WHEN $2 THEN NULL ELSE $3::timestamptz END
     WHERE id = $1 AND published <> $2 RETURNING ${COLUMNS}`,
    [id, published, now],
  );
  return rows[0];
}
