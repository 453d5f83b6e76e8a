// Exposed as `mf_trading/market-widget`. The host may render it before this remote's app has ever bootstrapped
// (which is where a remote's texts are normally registered), so the module brings its own texts.
import { addTranslations } from '@meridian/shared';
import { NS, translations } from './i18n';

addTranslations(NS, translations);

export { MarketWidget, MarketWidget as default } from './widgets/MarketWidget';
