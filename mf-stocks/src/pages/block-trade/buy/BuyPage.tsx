import { BlockBuy, PHONE } from '../parts/BlockScreens';

/** /pages/block-trade/buy?offer= — subscribe to a block offer (receipt and confirmation before funds are held). */
export function BlockTradeBuyPage() {
  return <BlockBuy links={PHONE} />;
}
