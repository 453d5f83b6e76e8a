// Copies the coin icons of the cryptocurrency-icons package (CC0) into the assembled site as static files, so
// screens show them with <img> and never bundle them into JavaScript (DESIGN §8):
//
//   build/public/coins/<package version>/<symbol>.svg   e.g. /coins/0.18.1/btc.svg (lower-case ticker)
//
// The folder is named by the package's version, so a file there never changes: the server caches the folder for a
// year (server/src/modules/platform/static.ts). shared/src/ui/kit/coin-icon-path.ts names the same folder; bumping
// the package means bumping COIN_ICONS_VERSION there too (scripts/coin-icons.test.mjs checks they agree).
// The color SVG set (32 × 32 viewBox, about 480 coins) is copied whole: wallets hold assets the market catalogue
// does not quote, and an unknown ticker falls back to a lettered circle on the screen.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { ROOT } from './lib.mjs';

export const COIN_ICONS_DIR = 'coins';

/** The installed package's folder and version. */
export function coinIconsPackage(root = ROOT) {
  const require = createRequire(path.join(root, 'package.json'));
  const manifest = require.resolve('cryptocurrency-icons/package.json');
  const { version } = JSON.parse(fs.readFileSync(manifest, 'utf8'));
  return { dir: path.dirname(manifest), version };
}

/**
 * Copies svg/color/*.svg to <out>/coins/<version>/ (names lower-cased; only plain ticker names, so nothing odd like
 * "$pac.svg" reaches a URL). Returns the folder's URL path and how many icons it holds.
 */
export function copyCoinIcons(out, { pkg = coinIconsPackage(), log = console.log } = {}) {
  const source = path.join(pkg.dir, 'svg', 'color');
  const target = path.join(out, COIN_ICONS_DIR, pkg.version);
  fs.mkdirSync(target, { recursive: true });
  let count = 0;
  for (const name of fs.readdirSync(source).sort()) {
    if (!/^[a-z0-9]+\.svg$/i.test(name)) continue;
    fs.copyFileSync(path.join(source, name), path.join(target, name.toLowerCase()));
    count++;
  }
  const urlPath = `/${COIN_ICONS_DIR}/${pkg.version}/`;
  log(`  coin icons   ${count} SVGs -> ${urlPath.slice(1)}  (cryptocurrency-icons ${pkg.version}, CC0)`);
  return { urlPath, count };
}
