import type { Db } from '../../db/db.js';
import { recordAudit } from '../../modules/audit/storage.js';

/**
 * Versioned product terms: the one way a product's terms change and are frozen into what a user bought. An
 * operator publishes a new version (never edits an old one, the table refuses it); a purchase copies the current
 * version's id and terms into its holding (freezeTerms), so a later version only reaches later purchases.
 */
export interface TermsVersion<T extends object = Record<string, unknown>> {
  id: string;
  productKind: string;
  productId: string;
  version: number;
  terms: T;
  effectiveFrom: Date;
  createdBy: string;
  createdAt: Date;
}

/** What a holding keeps of its terms: the version it was bought under and that version's terms, copied. */
export interface FrozenTerms<T extends object = Record<string, unknown>> {
  termsVersionId: string;
  terms: T;
}

const COLUMNS = `id::text AS id, product_kind AS "productKind", product_id AS "productId", version, terms,
  effective_from AS "effectiveFrom", created_by AS "createdBy", created_at AS "createdAt"`;

const version = <T extends object>(row: TermsVersion<T>): TermsVersion<T> => ({ ...row, version: Number(row.version) });

export interface Publish<T extends object> {
  productKind: string;
  productId: string;
  terms: T;
  /** The operator who publishes (recorded on the version and in audit_log). */
  operator: string;
  now: Date;
  /** When the version starts to apply (default: now); purchases before it keep the previous version. */
  effectiveFrom?: Date;
}

/**
 * Publishes the next version of a product's terms, audited in the caller's transaction (an operator command's):
 * the version and its audit row commit together. Operators only: no route calls this.
 */
export async function publishTerms<T extends object>(tx: Db, input: Publish<T>): Promise<TermsVersion<T>> {
  // one publisher at a time per product (PostgreSQL): the second waits and takes the next number
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`product-terms:${input.productKind}:${input.productId}`]);
  const { rows } = await tx.query<TermsVersion<T>>(
    `INSERT INTO product_terms (product_kind, product_id, version, terms, effective_from, created_by, created_at)
     SELECT $1, $2, COALESCE(MAX(version), 0) + 1, $3::jsonb, $4, $5, $6 FROM product_terms WHERE product_kind = $1 AND product_id = $2
     RETURNING ${COLUMNS}`,
    [input.productKind, input.productId, JSON.stringify(input.terms), input.effectiveFrom ?? input.now, input.operator, input.now],
  );
  const published = version(rows[0]!);
  await recordAudit(tx, {
    actor: input.operator,
    action: 'terms:publish',
    target: `${input.productKind}:${input.productId}`,
    detail: { version: published.version, termsVersionId: published.id, terms: input.terms, effectiveFrom: published.effectiveFrom.toISOString() },
  });
  return published;
}

/**
 * The version in force: the latest one already effective at `at`, or, without `at`, the latest published (a
 * product whose versions take effect at once).
 */
export async function currentTerms<T extends object>(db: Db, productKind: string, productId: string, at?: Date): Promise<TermsVersion<T> | undefined> {
  const { rows } = await db.query<TermsVersion<T>>(
    `SELECT ${COLUMNS} FROM product_terms WHERE product_kind = $1 AND product_id = $2 AND ($3::timestamptz IS NULL OR effective_from <= $3)
      ORDER BY version DESC LIMIT 1`,
    [productKind, productId, at ?? null],
  );
  return rows[0] && version(rows[0]);
}

/** One version by its id (a holding's frozen version). */
export async function termsVersion<T extends object>(db: Db, id: string): Promise<TermsVersion<T> | undefined> {
  const { rows } = await db.query<TermsVersion<T>>(`SELECT ${COLUMNS} FROM product_terms WHERE id = $1`, [id]);
  return rows[0] && version(rows[0]);
}

/** Every version of a product, oldest first. */
export async function termsHistory<T extends object>(db: Db, productKind: string, productId: string): Promise<TermsVersion<T>[]> {
  const { rows } = await db.query<TermsVersion<T>>(
    `SELECT ${COLUMNS} FROM product_terms WHERE product_kind = $1 AND product_id = $2 ORDER BY version`,
    [productKind, productId],
  );
  return rows.map(version);
}

/**
 * What a purchase copies into its holding: the version id and a deep copy of its terms (the holding's own row
 * then answers every later question about them; a later version never reaches it).
 */
export function freezeTerms<T extends object>(current: TermsVersion<T>): FrozenTerms<T> {
  return { termsVersionId: current.id, terms: structuredClone(current.terms) };
}
