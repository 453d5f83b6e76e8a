import { call } from '../kit/call.js';
import type { loanSchemas as S } from './schemas.js';

/** Loans and their rules (server/src/modules/loans). */
export const loans = {
  products: call<typeof S.products>('GET', '/asset/api/loan/productList'),
  rules: call<typeof S.rules>('GET', '/asset/api/rule/get-rule'),
  apply: call<typeof S.apply>('POST', '/asset/api/loan/createLoanProduct'),
  list: call<typeof S.list>('GET', '/asset/api/loan/userProductList'),
  detail: call<typeof S.detail>('GET', '/asset/api/loan/detail'),
  estimateOne: call<typeof S.estimateOne>('POST', '/asset/api/loan/estimate-paid-loan'),
  estimateAll: call<typeof S.estimateAll>('GET', '/asset/api/loan/estimate-paid-loans'),
  payOne: call<typeof S.payOne>('POST', '/asset/api/loan/pay-one-application'),
  payAll: call<typeof S.payAll>('POST', '/asset/api/loan/pay-all-applications'),
  paidHistory: call<typeof S.paidHistory>('GET', '/asset/api/loan/paid-history'),
};
