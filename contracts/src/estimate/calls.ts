import { call } from '../kit/call.js';
import type { estimateSchemas as S } from './schemas.js';

/**
 * Pre-trade estimates (server/src/modules/perpetual/estimate.ts, spot/estimate.ts): what an order would hold, charge and fill at
 * now, computed by the functions placing it uses (each module's order-plan.ts), so an API user need not re-implement the
 * formulas and the trade screen's receipt shows the engine's own figures. Read-only (a GET, the order in the
 * query string): nothing is held or placed.
 */
export const estimate = {
  perpetual: call<typeof S.perpetual>('GET', '/asset/api/contract/estimate'),
  forex: call<typeof S.forex>('GET', '/asset/api/forex/contract/estimate'),
  spot: call<typeof S.spot>('GET', '/asset/api/contract-spot/estimate'),
};
