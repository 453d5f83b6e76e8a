// Exposed as `mf_invest/earn-holdings`: this remote's contribution to the wallet.holdings slot (the wealth wallet),
// rendered inside mf_accounts's wallet screens, maybe before this remote's app ever bootstrapped: the module
// registers its texts' loader, and react-i18next suspends the section until they are in.
import { registerTexts } from '@meridian/shared';
import { NS, loadTexts } from './i18n';

registerTexts(NS, loadTexts);

export { EarnHoldings, EarnHoldings as default } from './widgets/EarnHoldings';
