import { invest, type DataOf } from '@meridian/contracts';

/** The smart pool's and wealth financing's wire shapes (contracts/src/invest), as the screens use them. */
export type SmartPoolProduct = DataOf<typeof invest.smartPoolProducts>[number];
export type SmartPoolEstimate = DataOf<typeof invest.smartPoolEstimate>;
export type SmartPoolOrder = DataOf<typeof invest.smartPoolOrders>['list'][number];
export type SmartPoolPayout = DataOf<typeof invest.smartPoolHistory>['list'][number];
export type SmartPoolSummary = DataOf<typeof invest.smartPoolSummary>;
export type FinancingProduct = DataOf<typeof invest.financingProducts>[number];
export type FinancingEstimate = DataOf<typeof invest.financingEstimate>;
export type FinancingOrder = DataOf<typeof invest.financingOrders>['list'][number];
export type Reserve = SmartPoolProduct['reserve'];

/**
 * The invalidation group every purchase makes stale (meridian.routes.json push.invalidations: BALANCE, which is
 * also what the ledger pushes when a payout lands): balances, the products' reserves, orders and payouts.
 */
export const INVEST_GROUP = 'BALANCE';

/** Rows a list screen asks for at once. */
export const LIST_SIZE = 50;

export { invest };
