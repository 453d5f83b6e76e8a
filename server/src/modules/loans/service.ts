import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/db.js';
import { operatorError, refuse } from '../../http/refuse.js';
import { requireKycForLoan, type AuthUser } from '../identity/auth.js';
import { ownsUpload } from '../identity/upload/service.js';
import { Dec } from '../ledger/decimal.js';
import { available, PLATFORM, post, type AccountRef, type Move } from '../ledger/ledger.js';
import { idempotent } from '../../platform-kit/idempotent.js';
import { notify } from '../notifications/service.js';
import { parseCurrencyAmount } from '../wallet/service.js';
import {
  applyPayment,
  countUnsettled,
  findLoan,
  findLoanByRequestKey,
  findProduct,
  insertLoan,
  insertPayment,
  listLoans,
  listPayments,
  listProducts,
  markApproved,
  markRejected,
  openLoans,
  paymentsOfRequest,
  type LoanPayment,
  type LoanRow,
  type LoanStatus,
} from './storage.js';
import { allocate, DAY_MS, type Accrued } from './terms.js';
import { figures, isOpen, loanView, productView, type LoanView } from './views.js';

/** The spec's constants: at least 3 document photos; at most 9 keeps one application reviewable. */
export const LOAN_MIN_PHOTOS = 3;
export const LOAN_MAX_PHOTOS = 9;

export interface LoanDeps {
  db: Db;
  clock: () => Date;
  /** LOAN_MAX_OPEN: applications waiting plus loans not yet settled that one user may have at once. */
  maxOpen: number;
}


function requireReal(user: Pick<AuthUser, 'mode'>): void {
  // Loans are real money: the ledger never mixes demo and real, so a demo session cannot borrow or repay.
  if (user.mode !== 'real') throw refuse('loanRealOnly');
}

const user = (id: string, asset: string): AccountRef => ({ holder: id, mode: 'real', wallet: 'platform', asset });
const platform = (wallet: 'loans' | 'fees', asset: string): AccountRef => ({ holder: PLATFORM, mode: 'real', wallet, asset });

/**
 * A repayment's ledger moves: principal back to PLATFORM 'loans' (whose balance is then always minus the
 * principal users still owe) and interest to PLATFORM 'fees' (the platform's income, like trading fees).
 */
function repaymentMoves(userId: string, asset: string, principal: string, interest: string): Move[] {
  const moves: Move[] = [];
  if (new Dec(principal).gt(0)) moves.push({ from: user(userId, asset), to: platform('loans', asset), amount: principal });
  if (new Dec(interest).gt(0)) moves.push({ from: user(userId, asset), to: platform('fees', asset), amount: interest });
  return moves;
}

/** A repayment changes the loan row and the ledger in the caller's transaction; the loan is locked by the caller. */
async function repay(tx: Db, loan: LoanRow, accrued: Accrued, amount: string, requestKey: string, now: Date): Promise<{ payment: LoanPayment; loan: LoanRow }> {
  const split = allocate(accrued, amount);
  const updated = await applyPayment(tx, loan.id, {
    principalDue: split.principalDueAfter,
    interestDue: split.interestDueAfter,
    interestDays: accrued.days,
    principal: split.principal,
    interest: split.interest,
    status: split.settles ? 'settled' : 'partial',
    settledAt: split.settles ? now : null,
  });
  const payment = await insertPayment(tx, { loan, amount: split.amount, principal: split.principal, interest: split.interest, requestKey, now });
  if (split.settles) {
    await notify(tx, {
      userId: loan.userId,
      kind: 'loan.settled',
      params: { loanId: loan.id, amount: loan.amount, asset: loan.asset },
      title: 'Loan settled',
      body: `Your loan of ${loan.amount} ${loan.asset} is fully repaid.`,
      ref: { type: 'loan', id: loan.id },
    }, now);
  }
  return { payment, loan: updated };
}

export function createLoans(deps: LoanDeps) {
  const { db, clock } = deps;

  async function ownLoan(userId: string, loanId: string, tx: Db = db, forUpdate = false): Promise<LoanRow> {
    const loan = await findLoan(tx, loanId, { userId, forUpdate });
    if (!loan) throw refuse('loanNotFound');
    return loan;
  }

  return {
    async products() {
      return (await listProducts(db, { activeOnly: true })).map(productView);
    },

    /**
     * loan/createLoanProduct: KYC first, then the product and amount, then at least 3 distinct photos that are
     * the applicant's own uploads. The product's terms are copied into the loan now and never read again.
     */
    async apply(
      caller: AuthUser,
      input: { productId: string; amount: unknown; photos: string[]; requestId?: string | undefined },
    ): Promise<LoanView> {
      requireReal(caller);
      requireKycForLoan(caller);
      const product = await findProduct(db, input.productId);
      if (!product?.active) throw refuse('loanProductUnavailable');
      const amount = parseCurrencyAmount(product.asset, input.amount);
      if (new Dec(amount).lt(product.minAmount)) throw refuse('loanBelowMinimum', { min: product.minAmount, asset: product.asset });
      if (new Dec(amount).gt(product.maxAmount)) throw refuse('loanAboveMaximum', { max: product.maxAmount, asset: product.asset });
      const photos = [...new Set(input.photos.map((p) => p.trim()).filter(Boolean))];
      if (photos.length < LOAN_MIN_PHOTOS) throw refuse('loanPhotos');
      if (photos.length > LOAN_MAX_PHOTOS) throw refuse('loanTooManyPhotos');
      for (const photo of photos) if (!(await ownsUpload(db, caller.id, photo))) throw refuse('invalidImage');
      // without a request id every call is a new application
      const { requestId = randomUUID(), ...request } = input;
      const call = await idempotent(db, clock, {
        key: { scope: 'loan-apply', userId: caller.id, mode: caller.mode, requestId },
        request,
        replay: async (store, key) => {
          const earlier = await findLoanByRequestKey(store, key);
          return earlier && loanView(earlier, clock());
        },
      });
      return call.first ?? call.transaction(async (tx, now) => {
        // Serialises one user's applications on PostgreSQL, so two at once cannot both pass the count.
        await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [caller.id]);
        if ((await countUnsettled(tx, caller.id)) >= deps.maxOpen) throw refuse('loanTooManyOpen');
        return loanView(await insertLoan(tx, { userId: caller.id, product, amount, photos, requestKey: call.key, now }), now);
      });
    },

    async list(userId: string, options: { statuses?: LoanStatus[] | undefined; limit: number; offset: number }) {
      const now = clock();
      const { total, rows } = await listLoans(db, userId, options);
      return { total, rows: rows.map((loan) => loanView(loan, now)) };
    },

    async detail(userId: string, loanId: string): Promise<LoanView> {
      return loanView(await ownLoan(userId, loanId), clock());
    },

    /** loan/estimate-paid-loan: what a payment of `amount` (default: everything owed) pays, at this moment. */
    async estimateOne(caller: AuthUser, loanId: string, amount?: unknown) {
      const loan = await ownLoan(caller.id, loanId);
      if (!isOpen(loan)) throw refuse('loanNotOpen');
      const now = clock();
      const accrued = figures(loan, now);
      const pay = amount === undefined || amount === '' ? accrued.amountToPay : parseCurrencyAmount(loan.asset, amount);
      if (new Dec(pay).gt(accrued.amountToPay)) throw refuse('loanAboveOwed');
      const split = allocate(accrued, pay);
      return {
        loanId: loan.id,
        asset: loan.asset,
        days: accrued.days,
        overdue: accrued.overdue,
        principalDue: accrued.principalDue,
        interestDue: accrued.interestDue,
        amountToPay: accrued.amountToPay,
        amount: split.amount,
        interest: split.interest,
        principal: split.principal,
        principalDueAfter: split.principalDueAfter,
        interestDueAfter: split.interestDueAfter,
        settles: split.settles,
        available: await available(db, user(caller.id, loan.asset)),
        estimatedAt: now,
      };
    },

    /** loan/estimate-paid-loans: what settles every open loan now, and whether the platform wallet covers it. */
    async estimateAll(caller: AuthUser) {
      const now = clock();
      const loans = (await openLoans(db, caller.id)).map((loan) => ({ loan, accrued: figures(loan, now) }));
      const sum = (pick: (a: Accrued) => string) => loans.reduce((total, { accrued }) => total.plus(pick(accrued)), new Dec(0)).toFixed();
      const amountToPay = sum((a) => a.amountToPay);
      const balance = await available(db, user(caller.id, 'USDT'));
      return {
        asset: 'USDT',
        count: loans.length,
        principalDue: sum((a) => a.principalDue),
        interestDue: sum((a) => a.interestDue),
        amountToPay,
        available: balance,
        enough: new Dec(balance).gte(amountToPay),
        loans: loans.map(({ loan, accrued }) => ({
          loanId: loan.id,
          productName: loan.productName,
          days: accrued.days,
          overdue: accrued.overdue,
          principalDue: accrued.principalDue,
          interestDue: accrued.interestDue,
          amountToPay: accrued.amountToPay,
        })),
        estimatedAt: now,
      };
    },

    /** loan/pay-one-application: a partial or full repayment from the platform wallet; requestId makes it once-only. */
    async payOne(caller: AuthUser, input: { loanId: string; amount: unknown; requestId: string }) {
      requireReal(caller);
      const { requestId, ...request } = input;
      const call = await idempotent(db, clock, {
        key: { scope: 'loan-pay', userId: caller.id, mode: caller.mode, requestId }, request,
        replay: async (store, key) => {
          const [earlier] = await paymentsOfRequest(store, key);
          return earlier && { payment: earlier, loan: loanView((await findLoan(store, earlier.loanId))!, clock()) };
        },
      });
      if (call.first) return call.first;
      return call.transaction(async (tx, now) => {
        const loan = await ownLoan(caller.id, input.loanId, tx, true);
        if (!isOpen(loan)) throw refuse('loanNotOpen');
        const amount = parseCurrencyAmount(loan.asset, input.amount);
        const accrued = figures(loan, now);
        if (new Dec(amount).gt(accrued.amountToPay)) throw refuse('loanAboveOwed');
        const done = await repay(tx, loan, accrued, amount, call.key, now);
        const posted = await post(tx, {
          key: call.key,
          cause: { type: 'loan_repay', id: done.payment.id },
          moves: repaymentMoves(caller.id, loan.asset, done.payment.principal, done.payment.interest),
        }, now);
        // The payments table answered "not seen" above, so the ledger must not have seen the key either.
        if (posted.replayed) throw new Error(`loan repayment ${call.key} was posted without its payment row`);
        return { payment: done.payment, loan: loanView(done.loan, now) };
      });
    },

    /**
     * loan/pay-all-applications: settles every open loan in one transaction and one ledger batch, or none of them
     * when the platform wallet does not cover the total ("Insufficient balance" rolls everything back).
     */
    async payAll(caller: AuthUser, requestId: string) {
      requireReal(caller);
      const call = await idempotent(db, clock, {
        // the body is the request id alone: every replay is the same request
        key: { scope: 'loan-pay-all', userId: caller.id, mode: caller.mode, requestId }, request: {},
        replay: async (store, key) => {
          const earlier = await paymentsOfRequest(store, key);
          return earlier.length ? paidAll(store, earlier, clock()) : undefined;
        },
      });
      if (call.first) return call.first;
      return call.transaction(async (tx, now) => {
        const loans = await openLoans(tx, caller.id, { forUpdate: true });
        if (!loans.length) throw refuse('loanNothingToRepay');
        const payments: LoanPayment[] = [];
        const moves: Move[] = [];
        for (const loan of loans) {
          const accrued = figures(loan, now);
          const { payment } = await repay(tx, loan, accrued, accrued.amountToPay, call.key, now);
          payments.push(payment);
          moves.push(...repaymentMoves(caller.id, loan.asset, payment.principal, payment.interest));
        }
        const posted = await post(tx, { key: call.key, cause: { type: 'loan_repay_all', id: payments.map((p) => p.id).join(',') }, moves }, now);
        if (posted.replayed) throw new Error(`loan repayment ${call.key} was posted without its payment rows`);
        return paidAll(tx, payments, now);
      });
    },

    async paidHistory(userId: string, options: { loanId?: string | undefined; limit: number; offset: number }) {
      return listPayments(db, userId, options);
    },
  };
}

async function paidAll(tx: Db, payments: LoanPayment[], now: Date) {
  const sum = (pick: (p: LoanPayment) => string) => payments.reduce((total, p) => total.plus(pick(p)), new Dec(0)).toFixed();
  const loans = [];
  for (const p of payments) loans.push(loanView((await findLoan(tx, p.loanId))!, now));
  return { asset: 'USDT', total: sum((p) => p.amount), principal: sum((p) => p.principal), interest: sum((p) => p.interest), payments, loans };
}

export type Loans = ReturnType<typeof createLoans>;

// Operator decisions (pnpm ops loan:approve / loan:reject): run in the command's audited transaction. ------------

/**
 * Approves a pending application and pays it out: PLATFORM 'loans' → the user's platform wallet, key
 * `loan-disburse:<id>`, so the loan is paid out once whatever happens (a second approval finds it decided and
 * a replayed posting moves nothing). The term starts now.
 */
export async function approveLoan(tx: Db, loanId: string, reviewer: string, now: Date): Promise<LoanRow> {
  const existing = await findLoan(tx, loanId, { forUpdate: true });
  if (!existing) throw refuse('loanNotFound');
  const approved = await markApproved(tx, loanId, reviewer, now, new Date(now.getTime() + existing.termDays * DAY_MS));
  if (!approved) throw operatorError(`Loan ${loanId} is ${existing.status}, not pending`);
  await post(tx, {
    key: `loan-disburse:${approved.id}`,
    cause: { type: 'loan_disburse', id: approved.id },
    moves: [{ from: platform('loans', approved.asset), to: user(approved.userId, approved.asset), amount: approved.amount }],
  }, now);
  await notify(tx, {
    userId: approved.userId,
    kind: 'loan.approved',
    params: { loanId: approved.id, amount: approved.amount, asset: approved.asset, dueAt: approved.dueAt!.toISOString() },
    title: 'Loan approved',
    body: `Your loan of ${approved.amount} ${approved.asset} is approved and paid into your platform wallet. Repay by ${approved.dueAt!.toISOString().slice(0, 10)}.`,
    ref: { type: 'loan', id: approved.id },
  }, now);
  return approved;
}

/** Rejects a pending application with the reason the user sees; nothing was paid out, so nothing moves. */
export async function rejectLoan(tx: Db, loanId: string, reason: string, reviewer: string, now: Date): Promise<LoanRow> {
  const text = reason.trim();
  if (!text) throw operatorError('A rejection needs a reason');
  const existing = await findLoan(tx, loanId, { forUpdate: true });
  if (!existing) throw refuse('loanNotFound');
  const rejected = await markRejected(tx, loanId, text, reviewer, now);
  if (!rejected) throw operatorError(`Loan ${loanId} is ${existing.status}, not pending`);
  await notify(tx, {
    userId: rejected.userId,
    kind: 'loan.rejected',
    params: { loanId: rejected.id, amount: rejected.amount, asset: rejected.asset, reason: text },
    title: 'Loan application rejected',
    body: `Your application for ${rejected.amount} ${rejected.asset} was rejected: ${text}`,
    ref: { type: 'loan', id: rejected.id },
  }, now);
  return rejected;
}
