import { BlockIndex, PHONE } from '../parts/BlockScreens';

/** /pages/block-trade/index — the block offers and the way to subscribe and to the records. */
export function BlockTradeIndexPage() {
  return <BlockIndex links={PHONE} />;
}
