import type { ComponentType } from 'react';
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/** mf_trading's exposed './market-widget' module, as the federation runtime hands it over. */
export interface MarketWidgetModule {
  /** A React component that renders inside the shell's tree (it uses shared's singletons). */
  MarketWidget: ComponentType;
}

export const MARKET_WIDGET_ID = 'mf_trading/market-widget';
const REMOTE = MARKET_WIDGET_ID.split('/')[0]!;
/** A widget is not worth the page's 60 s patience: past this the fallback card shows. */
export const MARKET_WIDGET_TIMEOUT_MS = 15_000;

/**
 * Loads the widget for React.lazy. Rejects (for the error boundary) when the remote is down: the shell's
 * isolation plugin then answers with a stand-in app, which has lifecycles but no component.
 */
export async function loadMarketWidget(): Promise<{ default: ComponentType }> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${MARKET_WIDGET_ID} did not load in time`)), MARKET_WIDGET_TIMEOUT_MS);
  });
  try {
    const module = await Promise.race([loadRemote<MarketWidgetModule>(MARKET_WIDGET_ID), timeout]);
    if (!module || typeof module.MarketWidget !== 'function') throw new Error(`${MARKET_WIDGET_ID} is not available`);
    return { default: module.MarketWidget };
  } finally {
    clearTimeout(timer);
  }
}

/** Makes the next load fetch mf_trading's manifest and entry anew (as the shell's own app retry does). */
export function forgetMarketWidget(): void {
  const remote = getInstance()?.options.remotes.find((item) => item.name === REMOTE);
  if (remote) registerRemotes([remote], { force: true });
}
