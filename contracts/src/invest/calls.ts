import { call } from '../kit/call.js';
import type { investSchemas as S } from './schemas.js';

/**
 * Smart pool and wealth financing (server/src/modules/smart-pool, financing). The spec lists the purchases as GET;
 * they move money, so they are POST here (a GET may be prefetched or retried by anything on the way).
 */
export const invest = {
  smartPoolProducts: call<typeof S.smartPoolProducts>('GET', '/asset/api/smartPool/product/productList'),
  smartPoolOrderNumber: call<typeof S.smartPoolOrderNumber>('GET', '/asset/api/smartPool/order-number'),
  smartPoolSummary: call<typeof S.smartPoolSummary>('GET', '/asset/api/smartPool/amount'),
  smartPoolEstimate: call<typeof S.smartPoolEstimate>('GET', '/asset/api/smartPool/estimate'),
  smartPoolBuy: call<typeof S.smartPoolBuy>('POST', '/asset/api/smartPool/buySmartPoolProduct'),
  smartPoolOrders: call<typeof S.smartPoolOrders>('GET', '/asset/api/smartPool/userProductList'),
  smartPoolHistory: call<typeof S.smartPoolHistory>('GET', '/asset/api/smartPool/history'),
  smartPoolInterest: call<typeof S.smartPoolInterest>('GET', '/asset/api/smartPool/history-interest'),
  smartPoolRedeem: call<typeof S.smartPoolRedeem>('POST', '/asset/api/smartPool/redeem'),
  financingProducts: call<typeof S.financingProducts>('GET', '/asset/api/product/productList'),
  financingEstimate: call<typeof S.financingEstimate>('GET', '/asset/api/product/estimatedAmount'),
  financingBuy: call<typeof S.financingBuy>('POST', '/asset/api/product/buyFinanceProduct'),
  financingOrders: call<typeof S.financingOrders>('GET', '/asset/api/product/userProductList'),
  financingSummary: call<typeof S.financingSummary>('GET', '/asset/api/product/summary'),
  financingDurations: call<typeof S.financingDurations>('GET', '/asset/api/manage-rate/list-time'),
  financingRates: call<typeof S.financingRates>('GET', '/asset/api/manage-rate/get-profit-rate'),
};
