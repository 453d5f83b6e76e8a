// Exposed as `mf_stocks/stock-holdings`: this remote's contribution to the wallet.holdings slot (stock positions,
// bought with spot USDT), rendered inside mf_accounts's wallet screens, maybe before this remote's app ever
// bootstrapped: the module registers its texts' loader, and react-i18next suspends the section until they are in.
import { registerTexts } from '@meridian/shared';
import { NS, loadTexts } from './i18n';

registerTexts(NS, loadTexts);

export { StockHoldings, StockHoldings as default } from './widgets/StockHoldings';
