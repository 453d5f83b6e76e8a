// Exposed as `mf_trading/spot-holdings`: this remote's contribution to the wallet.holdings slot, rendered inside
// mf_accounts's wallet screens, maybe before this remote's app ever bootstrapped (where its texts are normally
// registered): the module registers its texts' loader, and react-i18next suspends the section until they are in.
import { registerTexts } from '@meridian/shared';
import { NS, loadTexts } from './i18n';

registerTexts(NS, loadTexts);

export { SpotHoldings, SpotHoldings as default } from './widgets/SpotHoldings';
