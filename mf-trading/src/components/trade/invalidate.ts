import { forex, perpetual, trading, wallet } from '@meridian/contracts';
import { invalidatePaths, type QueryClient } from '@meridian/shared';

/** Everything an order, a cancel or a close can change: the lists, the holdings and the balances behind the form. */
export const TRADING_PATHS = [
  trading.spotList.path,
  trading.spotHistory.path,
  trading.spotHoldings.path,
  trading.spotDetail.path,
  trading.spotConditionalList.path,
  perpetual.openList.path,
  perpetual.limitList.path,
  perpetual.closeList.path,
  perpetual.detail.path,
  // a forex position is a perpetual one: its close, reverse and TP/SL change this list too
  forex.getContractList.path,
  trading.config.path,
  wallet.validAsset.path,
  // the wallets the Transfer beside Available picks its source from
  wallet.list.path,
];

export function invalidateTrading(client: QueryClient): void {
  void invalidatePaths(client, TRADING_PATHS);
}
