import { AreaIndex } from '../../../components/AreaIndex';
import { EXTERNAL, P } from '../../../paths';

/** /pages/desktop/assets */
export function DesktopAssetsPage() {
  return (
    <AreaIndex
      title="assetsTitle"
      description="assetsDescription"
      screens={[
        { href: P.desktopAssetsPlatform, title: 'platformWalletTitle' },
        { href: P.desktopAssetsSpot, title: 'spotWalletTitle' },
        { href: P.desktopAssetsContract, title: 'contractWalletTitle' },
        { href: P.desktopAssetsWealth, title: 'wealthWalletTitle' },
        { href: P.desktopAssetsTransfer, title: 'transferTitle' },
        { href: P.desktopAssetsConvert, title: 'convertTitle' },
      ]}
      related={[
        { href: P.desktopRecharge, title: 'rechargeTitle' },
        { href: P.desktopWithdraw, title: 'withdrawTitle' },
        { href: P.desktopLoan, title: 'loanTitle' },
        { href: EXTERNAL.desktopManage, title: 'manageLink' },
      ]}
    />
  );
}
