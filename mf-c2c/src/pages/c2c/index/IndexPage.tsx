import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL } from '../../../paths';

/** /pages/c2c/index — peer-to-peer buying and selling. */
export function C2cIndexPage() {
  return (
    <AreaIndex
      title="c2cTitle"
      description="c2cDescription"
      related={[
        { href: EXTERNAL.wallet, title: 'walletLink' },
        { href: EXTERNAL.recharge, title: 'rechargeLink' },
        { href: EXTERNAL.convert, title: 'convertLink' },
        { href: EXTERNAL.quote, title: 'quoteLink' },
      ]}
    />
  );
}
