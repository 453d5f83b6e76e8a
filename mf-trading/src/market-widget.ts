// Exposed as `mf_trading/market-widget`. The host may render it before this remote's app has ever bootstrapped
// (which is where a remote's texts are normally registered), so the module registers its own texts' loader;
// react-i18next suspends the widget (inside the host's Suspense) until they are fetched for the current language.
import { registerTexts } from '@meridian/shared';
import { NS, loadTexts } from './i18n';

registerTexts(NS, loadTexts);

export { MarketWidget, MarketWidget as default } from './widgets/MarketWidget';
