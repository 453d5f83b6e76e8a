import { BlockHistory, DESKTOP } from '../../../block-trade/parts/BlockScreens';

/** /pages/desktop/block-trade/history — the user's block trade records. */
export function DesktopBlockTradeHistoryPage() {
  return <BlockHistory links={DESKTOP} />;
}
