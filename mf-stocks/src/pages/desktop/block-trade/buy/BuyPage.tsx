import { BlockBuy, DESKTOP } from '../../../block-trade/parts/BlockScreens';

/** /pages/desktop/block-trade/buy?offer= — the offer beside its subscription form. */
export function DesktopBlockTradeBuyPage() {
  return <BlockBuy links={DESKTOP} />;
}
