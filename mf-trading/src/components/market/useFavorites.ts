import { useCallback, useMemo, useRef, useState } from 'react';
import { useStore } from 'jotai';
import { market } from '@meridian/contracts';
import { ApiError, showToast, useApiQuery, useIsLoggedIn } from '@meridian/shared';
import { setFavorite } from '../../api/market';
import { useT } from '../../i18n';

const NONE: ReadonlySet<string> = new Set();

export interface Favorites {
  /** False for a visitor: no stars, and the favourites tab asks to log in. */
  enabled: boolean;
  symbols: ReadonlySet<string>;
  /** Stars or unstars at once; the server call follows, and a refusal puts the star back. */
  toggle: (symbol: string) => void;
}

/**
 * The user's starred symbols: the favourites list through the page's QueryClient (the same query the favourites
 * tab shows, so it is read once), with the user's own stars and unstars on top until the list is read again.
 */
export function useFavorites(): Favorites {
  const loggedIn = useIsLoggedIn();
  const store = useStore();
  const { t } = useT();
  const failed = t('favoriteFailed');
  const list = useApiQuery(market.favorites, undefined, { enabled: loggedIn });
  // stars and unstars since the list was read (an answer read later already has them)
  const [changes, setChanges] = useState<{ at: number; starred: ReadonlyMap<string, boolean> }>({ at: 0, starred: new Map() });
  const read = list.dataUpdatedAt;
  const symbols = useMemo(() => {
    const next = new Set((list.data ?? []).map((quote) => quote.symbol));
    if (changes.at === read) for (const [symbol, on] of changes.starred) if (on) next.add(symbol); else next.delete(symbol);
    return next as ReadonlySet<string>;
  }, [list.data, changes, read]);
  const current = useRef(symbols);
  current.current = symbols;
  const pending = useRef(new Set<string>());

  const toggle = useCallback(
    (symbol: string) => {
      if (pending.current.has(symbol)) return;
      pending.current.add(symbol);
      const favorite = !current.current.has(symbol);
      const apply = (on: boolean) =>
        setChanges((previous) => {
          const starred = new Map(previous.at === read ? previous.starred : []);
          starred.set(symbol, on);
          return { at: read, starred };
        });
      apply(favorite);
      setFavorite(symbol, favorite)
        .catch((error: unknown) => {
          apply(!favorite);
          if (!(error instanceof ApiError && error.notified)) showToast(store, failed, 'error');
        })
        .finally(() => pending.current.delete(symbol));
    },
    [store, failed, read],
  );

  // the favourites tab reads the same query: its answer is the starred symbols too
  return { enabled: loggedIn, symbols: loggedIn ? symbols : NONE, toggle };
}
