import { BlockIndex, DESKTOP } from '../../../block-trade/parts/BlockScreens';

/** /pages/desktop/block-trade/index — the block offers on a desktop (two columns). */
export function DesktopBlockTradeIndexPage() {
  return <BlockIndex links={DESKTOP} />;
}
