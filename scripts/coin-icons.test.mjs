// node --test scripts/coin-icons.test.mjs — the coin icons assemble copies into build/public.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOT } from './lib.mjs';
import { coinIconsPackage, copyCoinIcons } from './coin-icons.mjs';
import { precompress } from './precompress.mjs';

const tmp = () => fs.mkdtempSync(path.join(os.tmpdir(), 'meridian-coins-'));

test('copies the colour SVGs into coins/<package version>/, lower-cased plain ticker names only', () => {
  const pkgDir = tmp();
  fs.mkdirSync(path.join(pkgDir, 'svg', 'color'), { recursive: true });
  for (const name of ['btc.svg', 'ETH.svg', '$pac.svg', 'notes.txt']) fs.writeFileSync(path.join(pkgDir, 'svg', 'color', name), `<svg>${name}</svg>`);
  const out = tmp();
  const result = copyCoinIcons(out, { pkg: { dir: pkgDir, version: '9.9.9' }, log: () => undefined });
  assert.deepEqual(result, { urlPath: '/coins/9.9.9/', count: 2 });
  assert.deepEqual(fs.readdirSync(path.join(out, 'coins', '9.9.9')).sort(), ['btc.svg', 'eth.svg']);
  assert.equal(fs.readFileSync(path.join(out, 'coins', '9.9.9', 'eth.svg'), 'utf8'), '<svg>ETH.svg</svg>');
});

test('the installed package (CC0) holds the catalogue coins; the big SVGs get precompressed copies', () => {
  const pkg = coinIconsPackage();
  assert.match(JSON.parse(fs.readFileSync(path.join(pkg.dir, 'package.json'), 'utf8')).license, /CC0/);
  const out = tmp();
  const { count } = copyCoinIcons(out, { pkg, log: () => undefined });
  assert.ok(count > 400, `${count} icons`);
  const folder = path.join(out, 'coins', pkg.version);
  for (const coin of ['btc', 'eth', 'usdt', 'bnb', 'xrp', 'sol', 'doge', 'ltc']) assert.ok(fs.existsSync(path.join(folder, `${coin}.svg`)), coin);
  precompress(out, { log: () => undefined });
  const big = fs.readdirSync(folder).find((name) => name.endsWith('.svg') && fs.statSync(path.join(folder, name)).size >= 1024);
  assert.ok(big && fs.existsSync(path.join(folder, `${big}.br`)) && fs.existsSync(path.join(folder, `${big}.gz`)), `precompressed ${big}`);
});

test('the screens ask for the folder assemble writes (shared COIN_ICONS_VERSION = the installed package version)', () => {
  const source = fs.readFileSync(path.join(ROOT, 'shared/src/ui/kit/coin-icon-path.ts'), 'utf8');
  assert.equal(/COIN_ICONS_VERSION = '([^']+)'/.exec(source)?.[1], coinIconsPackage().version);
});
