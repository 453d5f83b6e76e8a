import { useCallback, useEffect, useRef, useState } from 'react';
import { useStore } from 'jotai';
import { ApiError, showToast, useIsLoggedIn } from '@meridian/shared';
import { fetchFavorites, setFavorite, type MarketQuote } from '../../api/market';
import { useT } from '../../i18n';

const NONE: ReadonlySet<string> = new Set();

export interface Favorites {
  /** False for a visitor: no stars, and the favourites tab asks to log in. */
  enabled: boolean;
  symbols: ReadonlySet<string>;
  /** Stars or unstars at once; the server call follows, and a refusal puts the star back. */
  toggle: (symbol: string) => void;
  /** Loads the favourites list (its quotes) and takes its symbols as the starred ones. */
  load: () => Promise<MarketQuote[]>;
}

export function useFavorites(): Favorites {
  const loggedIn = useIsLoggedIn();
  const store = useStore();
  const { t } = useT();
  const failed = t('favoriteFailed');
  const [symbols, setSymbols] = useState<ReadonlySet<string>>(NONE);
  const current = useRef(symbols);
  current.current = symbols;
  const pending = useRef(new Set<string>());

  const load = useCallback(async () => {
    const quotes = await fetchFavorites();
    setSymbols(new Set(quotes.map((quote) => quote.symbol)));
    return quotes;
  }, []);

  useEffect(() => {
    if (loggedIn) load().catch(() => undefined);
  }, [loggedIn, load]);

  const toggle = useCallback(
    (symbol: string) => {
      if (pending.current.has(symbol)) return;
      pending.current.add(symbol);
      const favorite = !current.current.has(symbol);
      const apply = (on: boolean) =>
        setSymbols((previous) => {
          const next = new Set(previous);
          if (on) next.add(symbol);
          else next.delete(symbol);
          return next;
        });
      apply(favorite);
      setFavorite(symbol, favorite)
        .catch((error: unknown) => {
          apply(!favorite);
          if (!(error instanceof ApiError && error.notified)) showToast(store, failed, 'error');
        })
        .finally(() => pending.current.delete(symbol));
    },
    [store, failed],
  );

  return { enabled: loggedIn, symbols: loggedIn ? symbols : NONE, toggle, load };
}
