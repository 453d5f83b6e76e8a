/**
 * Where the assembled site serves the coin icons: cryptocurrency-icons' colour SVGs, copied by
 * scripts/coin-icons.mjs into build/public/coins/<version>/ (a folder the server caches for a year, since a
 * versioned file never changes). Bump with the package in pnpm-workspace.yaml; scripts/coin-icons.test.mjs checks
 * the two agree.
 */
export const COIN_ICONS_VERSION = '0.18.1';

/** The icon of one coin ("BTC", "btc"), or null for a name that cannot be an icon file (the lettered fallback). */
export function coinIconUrl(coin: string): string | null {
  const name = coin.trim().toLowerCase();
  return /^[a-z0-9]{1,16}$/.test(name) ? `/coins/${COIN_ICONS_VERSION}/${name}.svg` : null;
}
