import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError, ok } from '../../http/envelope.js';
import { MONEY_FAIL } from '../ledger/messages.js';
import { pageOf, withPage, type PageQuery } from '../wallet/paging.js';
import { requestId } from '../wallet/routes.js';
import { loanRules } from './rules.js';
import { createLoans, LOAN_MAX_PHOTOS } from './service.js';
import { listProducts, OPEN_STATUSES, type LoanStatus } from './storage.js';

const id = { type: ['string', 'integer'], pattern: '^[0-9]{1,18}$' };
const amount = { type: ['string', 'number'], maxLength: 64 };
const STATUS_FILTERS: Record<string, LoanStatus[]> = {
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
  app.get('/loan/productList', async () => ok(await loans.products()));

  app.get<{ Querystring: { type?: string } }>(
    '/rule/get-rule',
    { schema: { querystring: { type: 'object', properties: { type: { type: 'string', maxLength: 32 } } } } },
    async (request) => {
      if ((request.query.type ?? 'loan') !== 'loan') throw new AppError(MONEY_FAIL, 'Not found');
      return ok(loanRules(await listProducts(context.db, { activeOnly: true }), maxOpen));
    },
  );

  app.post<{ Body: { productId: string | number; amount: string; photos: string[]; requestId?: string } }>(
    '/loan/createLoanProduct',
    {
      schema: {
        body: {
          type: 'object',
          properties: {
            productId: id,
            amount,
            // The count rules are checked by the service so the user gets the spec's message, not a schema error.
            photos: { type: 'array', maxItems: LOAN_MAX_PHOTOS * 2, items: { type: 'string', maxLength: 200 } },
            requestId,
          },
          required: ['productId', 'amount', 'photos'],
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      const { productId, ...rest } = request.body;
      return ok(await loans.apply(user, { ...rest, productId: String(productId) }));
    },
  );

  app.get<{ Querystring: PageQuery & { status?: string } }>(
    '/loan/userProductList',
    { schema: { querystring: withPage({ status: { type: 'string', enum: ['', ...Object.keys(STATUS_FILTERS)] } }) } },
    async (request) => {
      const user = await auth.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const statuses = request.query.status ? STATUS_FILTERS[request.query.status] : undefined;
      const { total, rows } = await loans.list(user.id, { ...window, statuses });
      return ok({ total, page, size, list: rows });
    },
  );

  app.get<{ Querystring: { id: string } }>(
    '/loan/detail',
    { schema: { querystring: { type: 'object', properties: { id: { type: 'string', pattern: '^[0-9]{1,18}$' } }, required: ['id'] } } },
    async (request) => {
      const user = await auth.requireUser(request);
      return ok(await loans.detail(user.id, request.query.id));
    },
  );

  app.post<{ Body: { loanId: string | number; amount?: string } }>(
    '/loan/estimate-paid-loan',
    { schema: { body: { type: 'object', properties: { loanId: id, amount }, required: ['loanId'], additionalProperties: false } } },
    async (request) => {
      const user = await auth.requireUser(request);
      return ok(await loans.estimateOne(user, String(request.body.loanId), request.body.amount));
    },
  );

  app.get('/loan/estimate-paid-loans', async (request) => {
    const user = await auth.requireUser(request);
    return ok(await loans.estimateAll(user));
  });

  app.post<{ Body: { loanId: string | number; amount: string; requestId: string } }>(
    '/loan/pay-one-application',
    {
      schema: {
        body: {
          type: 'object',
          properties: { loanId: id, amount, requestId },
          required: ['loanId', 'amount', 'requestId'],
          additionalProperties: false,
        },
      },
    },
    async (request) => {
      const user = await auth.requireUser(request);
      return ok(await loans.payOne(user, { ...request.body, loanId: String(request.body.loanId) }));
    },
  );

  app.post<{ Body: { requestId: string } }>(
    '/loan/pay-all-applications',
    { schema: { body: { type: 'object', properties: { requestId }, required: ['requestId'], additionalProperties: false } } },
    async (request) => {
      const user = await auth.requireUser(request);
      return ok(await loans.payAll(user, request.body.requestId));
    },
  );

  app.get<{ Querystring: PageQuery & { loanId?: string } }>(
    '/loan/paid-history',
    { schema: { querystring: withPage({ loanId: { type: 'string', pattern: '^[0-9]{1,18}$' } }) } },
    async (request) => {
      const user = await auth.requireUser(request);
      const { page, size, ...window } = pageOf(request.query);
      const { total, rows } = await loans.paidHistory(user.id, { ...window, loanId: request.query.loanId });
      return ok({ total, page, size, list: rows });
    },
  );
};
