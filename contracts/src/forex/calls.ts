import { call } from '../kit/call.js';
import type { forexSchemas as S } from './schemas.js';

/**
 * Forex contracts (server/src/modules/forex): margin positions on forex pairs, sized in lots, on the perpetual
 * engine. A forex position is a perpetual position on a forex pair, so closing (whole or part, in units), reversing,
 * TP/SL and the detail with its fills use the perpetual calls (`perpetual.closePosition`, `reversePosition`,
 * `setTPAndSLPosition`, `detail`). The trading hours (`market.checkTradingTime`) and the screen's first state
 * (`market.initForex`, GET /api/market/initForestData) are market calls.
 */
export const forex = {
  create: call<typeof S.create>('POST', '/asset/api/forex/contract/create'),
  getContractList: call<typeof S.getContractList>('GET', '/asset/api/forex/contract/getContractList'),
  config: call<typeof S.config>('GET', '/asset/api/forex/contract/config'),
};
