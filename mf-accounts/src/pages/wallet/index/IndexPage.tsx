import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/wallet/index */
export function WalletIndexPage() {
  return (
    <AreaIndex
      title="walletTitle"
      description="walletDescription"
      screens={[
        { href: P.assets, title: 'assetsTitle' },
        { href: P.recharge, title: 'rechargeTitle' },
        { href: P.withdraw, title: 'withdrawTitle' },
        { href: P.transfer, title: 'transferTitle' },
        { href: P.convert, title: 'convertTitle' },
        { href: P.loan, title: 'loanTitle' },
      ]}
      related={[
        { href: EXTERNAL.c2c, title: 'c2cLink' },
        { href: EXTERNAL.manageAccount, title: 'manageLink' },
        { href: P.profile, title: 'profileTitle' },
      ]}
    />
  );
}
