// Exposed as `mf_trading/market-widget`. The host may render it before this remote's app has ever bootstrapped
// (which is where a remote's texts are normally registered), so the module registers its own texts' loader;
// react-i18next suspends the widget (inside the host's Suspense) until they are fetched for the current language.
// Its texts are a namespace of their own (WIDGET_NS), so the host's first load never fetches this remote's others.
import { registerTexts } from '@meridian/shared';
import { WIDGET_NS, loadWidgetTexts } from './i18n';

registerTexts(WIDGET_NS, loadWidgetTexts);

export { MarketWidget, MarketWidget as default } from './widgets/MarketWidget';
