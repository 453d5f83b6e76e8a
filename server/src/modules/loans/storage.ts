import type { Db } from '../../db/db.js';
import { Dec } from '../ledger/decimal.js';
import { normalize } from '../ledger/ledger.js';
import { currentTerms, publishTerms } from '../../platform-kit/product/terms.js';

export type LoanStatus = 'pending' | 'approved' | 'rejected' | 'partial' | 'settled';
/** Loans that still owe something (approved and not settled). */
export const OPEN_STATUSES: LoanStatus[] = ['approved', 'partial'];

export interface LoanProduct {
  id: string;
  code: string;
  name: string;
  asset: string;
  minAmount: string;
  maxAmount: string;
  termDays: number;
  dailyRate: string;
  lateDailyRate: string;
  repaymentMethod: 'maturity';
  active: boolean;
  createdAt: Date;
  updatedAt: Date;
  /** The product_terms version these terms are (what a loan applied for now freezes). */
  termsVersionId: string;
}

export interface LoanRow {
  id: string;
  userId: string;
  productId: string;
  productName: string;
  asset: string;
  amount: string;
  /** The period: the term in days, and the daily rates frozen at application. */
  termDays: number;
  dailyRate: string;
  lateDailyRate: string;
  repaymentMethod: 'maturity';
  photos: string[];
  status: LoanStatus;
  /** The rejection reason ('' otherwise). */
  reason: string;
  principalDue: string;
  interestDue: string;
  interestDays: number;
  principalPaid: string;
  interestPaid: string;
  appliedAt: Date;
  reviewedBy: string | null;
  approvedAt: Date | null;
  /** The payment date: when the term ends and late interest starts. */
  dueAt: Date | null;
  rejectedAt: Date | null;
  settledAt: Date | null;
}

export interface LoanPayment {
  id: string;
  loanId: string;
  productName: string;
  asset: string;
  amount: string;
  principal: string;
  interest: string;
  createdAt: Date;
}

/** A loan product's identity and state; its money terms are the current version of its product terms. */
const PRODUCT_COLUMNS = `id, code, name, active, created_at AS "createdAt", updated_at AS "updatedAt"`;

/** The product kit's kind of loan products' terms (product_terms.product_kind). */
export const LOAN_TERMS_KIND = 'loan';

/** The versioned part of a loan product: what a loan copies at application. */
export type LoanMoneyTerms = Pick<LoanProduct, 'asset' | 'minAmount' | 'maxAmount' | 'termDays' | 'dailyRate' | 'lateDailyRate' | 'repaymentMethod'>;

const LOAN_COLUMNS = `id, user_id AS "userId", product_id AS "productId", product_name AS "productName", asset, amount::text AS amount,
  term_days AS "termDays", daily_rate::text AS "dailyRate", late_daily_rate::text AS "lateDailyRate", repayment_method AS "repaymentMethod",
  photos, status, reason, principal_due::text AS "principalDue", interest_due::text AS "interestDue", interest_days AS "interestDays",
  principal_paid::text AS "principalPaid", interest_paid::text AS "interestPaid", applied_at AS "appliedAt", reviewed_by AS "reviewedBy",
  approved_at AS "approvedAt", due_at AS "dueAt", rejected_at AS "rejectedAt", settled_at AS "settledAt"`;

const PAYMENT_COLUMNS = `p.id, p.loan_id AS "loanId", l.product_name AS "productName", p.asset, p.amount::text AS amount,
  p.principal::text AS principal, p.interest::text AS interest, p.created_at AS "createdAt"`;

type ProductIdentity = Pick<LoanProduct, 'id' | 'code' | 'name' | 'active' | 'createdAt' | 'updatedAt'>;

/** The product with its current terms (published at creation, so every product has a version). */
async function withTerms(db: Db, row: ProductIdentity): Promise<LoanProduct> {
  const current = await currentTerms<LoanMoneyTerms>(db, LOAN_TERMS_KIND, String(row.id));
  if (!current) throw new Error(`loan product ${row.code} has no published terms`);
  const t = current.terms;
  return {
    ...row,
    asset: t.asset,
    minAmount: normalize(t.minAmount),
    maxAmount: normalize(t.maxAmount),
    termDays: Number(t.termDays),
    dailyRate: normalize(t.dailyRate),
    lateDailyRate: normalize(t.lateDailyRate),
    repaymentMethod: t.repaymentMethod,
    termsVersionId: current.id,
  };
}

const moneyTerms = (t: LoanMoneyTerms): LoanMoneyTerms => ({
  asset: t.asset, minAmount: t.minAmount, maxAmount: t.maxAmount, termDays: t.termDays, dailyRate: t.dailyRate, lateDailyRate: t.lateDailyRate,
  repaymentMethod: t.repaymentMethod,
});

const loan = (row: LoanRow): LoanRow => ({
  ...row,
  termDays: Number(row.termDays),
  interestDays: Number(row.interestDays),
  amount: normalize(row.amount),
  dailyRate: normalize(row.dailyRate),
  lateDailyRate: normalize(row.lateDailyRate),
  principalDue: normalize(row.principalDue),
  interestDue: normalize(row.interestDue),
  principalPaid: normalize(row.principalPaid),
  interestPaid: normalize(row.interestPaid),
});

const payment = (row: LoanPayment): LoanPayment => ({
  ...row,
  amount: normalize(row.amount),
  principal: normalize(row.principal),
  interest: normalize(row.interest),
});

// Products -------------------------------------------------------------------------------------------------------

export async function listProducts(db: Db, options: { activeOnly: boolean }): Promise<LoanProduct[]> {
  const { rows } = await db.query<ProductIdentity>(`SELECT ${PRODUCT_COLUMNS} FROM loan_products WHERE ($1::boolean IS FALSE OR active)`, [options.activeOnly]);
  const products = await Promise.all(rows.map((row) => withTerms(db, row)));
  const byAmount = (a: LoanProduct, b: LoanProduct) => Number(new Dec(a.minAmount).comparedTo(b.minAmount));
  return products.sort((a, b) => byAmount(a, b) || a.termDays - b.termDays || Number(a.id) - Number(b.id));
}

/** By id (digits) or code. */
export async function findProduct(db: Db, key: string): Promise<LoanProduct | undefined> {
  const byId = /^[0-9]{1,18}$/.test(key);
  const { rows } = await db.query<ProductIdentity>(`SELECT ${PRODUCT_COLUMNS} FROM loan_products WHERE ${byId ? 'id = $1' : 'code = $1'}`, [key]);
  return rows[0] && withTerms(db, rows[0]);
}

export type ProductTerms = Pick<LoanProduct, 'code' | 'name'> & LoanMoneyTerms;

/**
 * Inserts a product and publishes its first terms version (audited as `operator`); undefined when its code exists
 * already (the seed relies on this to stay idempotent).
 */
export async function insertProduct(db: Db, terms: ProductTerms, now: Date, operator: string): Promise<LoanProduct | undefined> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ProductIdentity>(
      `INSERT INTO loan_products (code, name, created_at, updated_at) VALUES ($1, $2, $3, $3) ON CONFLICT (code) DO NOTHING RETURNING ${PRODUCT_COLUMNS}`,
      [terms.code, terms.name, now],
    );
    if (!rows[0]) return undefined;
    await publishTerms(tx, { productKind: LOAN_TERMS_KIND, productId: String(rows[0].id), terms: moneyTerms(terms), operator, now });
    return withTerms(tx, rows[0]);
  });
}

/**
 * Changes a product's name or state, and publishes a new terms version when its money terms changed (never
 * editing the old one: loans applied for under it keep it).
 */
export async function updateProduct(db: Db, code: string, terms: Omit<ProductTerms, 'code'> & { active: boolean }, now: Date, operator: string): Promise<LoanProduct> {
  const { rows } = await db.query<ProductIdentity>(
    `UPDATE loan_products SET name = $2, active = $3, updated_at = $4 WHERE code = $1 RETURNING ${PRODUCT_COLUMNS}`,
    [code, terms.name, terms.active, now],
  );
  const before = await withTerms(db, rows[0]!);
  const next = moneyTerms(terms);
  if (JSON.stringify(moneyTerms(before)) !== JSON.stringify(next)) {
    await publishTerms(db, { productKind: LOAN_TERMS_KIND, productId: String(rows[0]!.id), terms: next, operator, now });
  }
  return withTerms(db, rows[0]!);
}

// Loans ----------------------------------------------------------------------------------------------------------

export interface NewLoan {
  userId: string;
  product: LoanProduct;
  amount: string;
  photos: string[];
  requestKey: string;
  now: Date;
}

/**
 * The application with every term copied from the product's current terms version, and that version's id (the
 * kit's freezeTerms: a later version never reaches this loan). Its request key is bound first by the idempotent call.
 */
export async function insertLoan(db: Db, input: NewLoan): Promise<LoanRow> {
  const p = input.product;
  const { rows } = await db.query<LoanRow>(
    `INSERT INTO loans (user_id, product_id, product_name, asset, amount, term_days, daily_rate, late_daily_rate, repayment_method,
       photos, status, request_key, applied_at, terms_version_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'pending', $11, $12, $13) RETURNING ${LOAN_COLUMNS}`,
    [input.userId, p.id, p.name, p.asset, input.amount, p.termDays, p.dailyRate, p.lateDailyRate, p.repaymentMethod,
      JSON.stringify(input.photos), input.requestKey, input.now, p.termsVersionId],
  );
  return loan(rows[0]!);
}

export async function findLoanByRequestKey(db: Db, requestKey: string): Promise<LoanRow | undefined> {
  const { rows } = await db.query<LoanRow>(`SELECT ${LOAN_COLUMNS} FROM loans WHERE request_key = $1`, [requestKey]);
  return rows[0] && loan(rows[0]);
}

/**
 * One loan; with forUpdate its row stays locked until the transaction ends, so two repayments of one loan on
 * PostgreSQL run one after the other (PGlite runs one transaction at a time anyway).
 */
export async function findLoan(db: Db, id: string, options: { userId?: string; forUpdate?: boolean } = {}): Promise<LoanRow | undefined> {
  if (!/^[0-9]{1,18}$/.test(id)) return undefined;
  const { rows } = await db.query<LoanRow>(
    `SELECT ${LOAN_COLUMNS} FROM loans WHERE id = $1 AND ($2::bigint IS NULL OR user_id = $2)${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [id, options.userId ?? null],
  );
  return rows[0] && loan(rows[0]);
}

export async function listLoans(
  db: Db,
  userId: string,
  options: { statuses?: LoanStatus[] | undefined; limit: number; offset: number },
): Promise<{ total: number; rows: LoanRow[] }> {
  const statuses = options.statuses ?? null;
  const where = 'user_id = $1 AND ($2::text[] IS NULL OR status = ANY($2::text[]))';
  const total = await db.query<{ count: string }>(`SELECT count(*)::text AS count FROM loans WHERE ${where}`, [userId, statuses]);
  const { rows } = await db.query<LoanRow>(
    `SELECT ${LOAN_COLUMNS} FROM loans WHERE ${where} ORDER BY id DESC LIMIT $3 OFFSET $4`,
    [userId, statuses, options.limit, options.offset],
  );
  return { total: Number(total.rows[0]!.count), rows: rows.map(loan) };
}

/** The user's loans still owing, oldest first; forUpdate locks them (pay-all). */
export async function openLoans(db: Db, userId: string, options: { forUpdate?: boolean } = {}): Promise<LoanRow[]> {
  const { rows } = await db.query<LoanRow>(
    `SELECT ${LOAN_COLUMNS} FROM loans WHERE user_id = $1 AND status = ANY($2::text[]) ORDER BY id${options.forUpdate ? ' FOR UPDATE' : ''}`,
    [userId, OPEN_STATUSES],
  );
  return rows.map(loan);
}

/** Applications waiting for a decision plus loans still owing: what LOAN_MAX_OPEN limits. */
export async function countUnsettled(db: Db, userId: string): Promise<number> {
  const { rows } = await db.query<{ count: string }>(
    "SELECT count(*)::text AS count FROM loans WHERE user_id = $1 AND status IN ('pending', 'approved', 'partial')",
    [userId],
  );
  return Number(rows[0]!.count);
}

export async function pendingLoans(db: Db): Promise<LoanRow[]> {
  const { rows } = await db.query<LoanRow>(`SELECT ${LOAN_COLUMNS} FROM loans WHERE status = 'pending' ORDER BY id`);
  return rows.map(loan);
}

/** pending → approved, with the principal now owed; undefined when it was not pending (decided already). */
export async function markApproved(db: Db, id: string, reviewer: string, now: Date, dueAt: Date): Promise<LoanRow | undefined> {
  const { rows } = await db.query<LoanRow>(
    `UPDATE loans SET status = 'approved', principal_due = amount, reviewed_by = $2, approved_at = $3, due_at = $4
     WHERE id = $1 AND status = 'pending' RETURNING ${LOAN_COLUMNS}`,
    [id, reviewer, now, dueAt],
  );
  return rows[0] && loan(rows[0]);
}

export async function markRejected(db: Db, id: string, reason: string, reviewer: string, now: Date): Promise<LoanRow | undefined> {
  const { rows } = await db.query<LoanRow>(
    `UPDATE loans SET status = 'rejected', reason = $2, reviewed_by = $3, rejected_at = $4
     WHERE id = $1 AND status = 'pending' RETURNING ${LOAN_COLUMNS}`,
    [id, reason, reviewer, now],
  );
  return rows[0] && loan(rows[0]);
}

export interface PaymentApplied {
  principalDue: string;
  interestDue: string;
  interestDays: number;
  principal: string;
  interest: string;
  status: LoanStatus;
  settledAt: Date | null;
}

/** Writes a repayment's effect on the loan row (locked by the caller with findLoan forUpdate). */
export async function applyPayment(db: Db, id: string, change: PaymentApplied): Promise<LoanRow> {
  const { rows } = await db.query<LoanRow>(
    `UPDATE loans SET principal_due = $2, interest_due = $3, interest_days = $4, principal_paid = principal_paid + $5,
       interest_paid = interest_paid + $6, status = $7, settled_at = $8
     WHERE id = $1 RETURNING ${LOAN_COLUMNS}`,
    [id, change.principalDue, change.interestDue, change.interestDays, change.principal, change.interest, change.status, change.settledAt],
  );
  return loan(rows[0]!);
}

// Payments -------------------------------------------------------------------------------------------------------

export async function insertPayment(
  db: Db,
  input: { loan: LoanRow; amount: string; principal: string; interest: string; requestKey: string; now: Date },
): Promise<LoanPayment> {
  const { rows } = await db.query<{ id: string }>(
    `INSERT INTO loan_payments (loan_id, user_id, asset, amount, principal, interest, request_key, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [input.loan.id, input.loan.userId, input.loan.asset, input.amount, input.principal, input.interest, input.requestKey, input.now],
  );
  return {
    id: rows[0]!.id,
    loanId: input.loan.id,
    productName: input.loan.productName,
    asset: input.loan.asset,
    amount: normalize(input.amount),
    principal: normalize(input.principal),
    interest: normalize(input.interest),
    createdAt: input.now,
  };
}

/** The payments one request made (one for pay-one, one per loan for pay-all): a retry answers them again. */
export async function paymentsOfRequest(db: Db, requestKey: string): Promise<LoanPayment[]> {
  const { rows } = await db.query<LoanPayment>(
    `SELECT ${PAYMENT_COLUMNS} FROM loan_payments p JOIN loans l ON l.id = p.loan_id WHERE p.request_key = $1 ORDER BY p.id`,
    [requestKey],
  );
  return rows.map(payment);
}

export async function listPayments(
  db: Db,
  userId: string,
  options: { loanId?: string | undefined; limit: number; offset: number },
): Promise<{ total: number; rows: LoanPayment[] }> {
  const where = 'p.user_id = $1 AND ($2::bigint IS NULL OR p.loan_id = $2)';
  const params = [userId, options.loanId ?? null];
  const total = await db.query<{ count: string }>(`SELECT count(*)::text AS count FROM loan_payments p WHERE ${where}`, params);
  const { rows } = await db.query<LoanPayment>(
    `SELECT ${PAYMENT_COLUMNS} FROM loan_payments p JOIN loans l ON l.id = p.loan_id WHERE ${where} ORDER BY p.id DESC LIMIT $3 OFFSET $4`,
    [...params, options.limit, options.offset],
  );
  return { total: Number(total.rows[0]!.count), rows: rows.map(payment) };
}
