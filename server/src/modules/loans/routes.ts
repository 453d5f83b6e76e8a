import type { FastifyPluginAsync } from 'fastify';
import { loans as calls } from '@meridian/contracts';
import type { AppContext } from '../../context.js';
import { refuse } from '../../http/refuse.js';
import { route } from '../../http/route.js';
import { pageOf } from '../wallet/paging.js';
import { loanRules } from './rules.js';
import { createLoans } from './service.js';
import { listProducts, OPEN_STATUSES, type LoanStatus } from './storage.js';

/** The list's status filters (the contract names the same keys). */
const STATUS_FILTERS: Record<'pending' | 'approved' | 'rejected' | 'partial' | 'settled' | 'open', LoanStatus[]> = {
  pending: ['pending'],
  approved: ['approved'],
  rejected: ['rejected'],
  partial: ['partial'],
  settled: ['settled'],
  // The repay screen's list: every loan still owing.
  open: OPEN_STATUSES,
};

/**
 * Loans under /asset/api: loan/productList, createLoanProduct, userProductList, detail, estimate-paid-loan(s),
 * pay-one-application, pay-all-applications, paid-history; rule/get-rule. Operators decide applications with
 * pnpm ops loan:approve / loan:reject (src/ops/loans.ts).
 */
export const loanRoutes: FastifyPluginAsync<AppContext> = async (app, context) => {
  const { auth } = context;
  const maxOpen = context.config.money.loanMaxOpen;
  const loans = createLoans({ db: context.db, clock: context.clock, maxOpen });

  // Public: the products and rules are shown before login too.
  route(app, calls.products, () => loans.products());

  route(app, calls.rules, async (request) => {
    if ((request.query.type ?? 'loan') !== 'loan') throw refuse('notFound');
    return loanRules(await listProducts(context.db, { activeOnly: true }), maxOpen);
  });

  route(app, calls.apply, async (request) => {
    const user = await auth.requireUser(request);
    const { productId, ...rest } = request.body;
    return loans.apply(user, { ...rest, productId: String(productId) });
  });

  route(app, calls.list, async (request) => {
    const user = await auth.requireUser(request);
    const { page, size, ...window } = pageOf(request.query);
    const statuses = request.query.status ? STATUS_FILTERS[request.query.status] : undefined;
    const { total, rows } = await loans.list(user.id, { ...window, statuses });
    return { total, page, size, list: rows };
  });

  route(app, calls.detail, async (request) => {
    const user = await auth.requireUser(request);
    return loans.detail(user.id, request.query.id);
  });

  route(app, calls.estimateOne, async (request) => {
    const user = await auth.requireUser(request);
    return loans.estimateOne(user, String(request.body.loanId), request.body.amount);
  });

  route(app, calls.estimateAll, async (request) => {
    const user = await auth.requireUser(request);
    return loans.estimateAll(user);
  });

  route(app, calls.payOne, async (request) => {
    const user = await auth.requireUser(request);
    return loans.payOne(user, { ...request.body, loanId: String(request.body.loanId) });
  });

  route(app, calls.payAll, async (request) => {
    const user = await auth.requireUser(request);
    return loans.payAll(user, request.body.requestId);
  });

  route(app, calls.paidHistory, async (request) => {
    const user = await auth.requireUser(request);
    const { page, size, ...window } = pageOf(request.query);
    const { total, rows } = await loans.paidHistory(user.id, { ...window, loanId: request.query.loanId });
    return { total, page, size, list: rows };
  });
};
