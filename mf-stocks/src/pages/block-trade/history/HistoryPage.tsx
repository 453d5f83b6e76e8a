import { BlockHistory, PHONE } from '../parts/BlockScreens';

/** /pages/block-trade/history — the user's block trade subscriptions with their statuses and times. */
export function BlockTradeHistoryPage() {
  return <BlockHistory links={PHONE} />;
}
