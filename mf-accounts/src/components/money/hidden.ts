import { atom, useAtom } from 'jotai';

/** What a hidden balance shows. */
export const HIDDEN_VALUE = '******';

/** Balances hidden by the eye toggle: one choice for every wallet screen while the app is open. */
export const hideBalancesAtom = atom(false);

export function useHiddenBalances() {
  const [hidden, setHidden] = useAtom(hideBalancesAtom);
  return {
    hidden,
    toggle: () => setHidden((value) => !value),
    /** The text, or the mask when hidden. */
    mask: (text: string) => (hidden ? HIDDEN_VALUE : text),
  };
}
