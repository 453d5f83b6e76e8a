import assert from 'node:assert/strict';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { test } from 'node:test';
import { REFUSALS, REFUSAL_REASONS } from '@meridian/contracts';
import { AppError } from './envelope.js';
import { IDENTITY_FAIL, MONEY_FAIL, operatorError, refuse } from './refuse.js';
import { REFUSAL_LOCALES, localeOf, renderRefusal } from './refusals.js';

const CONTRACTS_DIR = path.dirname(createRequire(import.meta.url).resolve('@meridian/contracts/package.json'));
const LOCALES_DIR = path.join(CONTRACTS_DIR, 'locales');
const REPO_DIR = path.dirname(CONTRACTS_DIR);
const TRANSLATED = REFUSAL_LOCALES.filter((locale) => locale !== 'en');

const readJson = (file: string): unknown => JSON.parse(fs.readFileSync(file, 'utf8'));
const tableOf = (locale: string) => readJson(path.join(LOCALES_DIR, locale, 'refusals.json')) as Record<string, unknown>;
const paramsOf = (text: string) => [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]))].sort();
/** Every {{…}} spelled as i18next reads it; a "{{ max }}" or "{max}" would reach the user unreplaced. */
const bracesOf = (text: string) => text.match(/\{+[^{}]*\}+|\{+|\}+/g) ?? [];

// One test per locale, each comparing against REFUSALS itself: a key added to the catalogue fails here, naming
// itself, until every language has it.
for (const locale of TRANSLATED) {
  test(`refusals.json of "${locale}": exactly the catalogue's keys, each a non-empty text with the English text's {{params}}`, () => {
    const table = tableOf(locale);
    const missing = REFUSAL_REASONS.filter((reason) => !(reason in table));
    const extra = Object.keys(table).filter((key) => !(key in REFUSALS));
    assert.deepEqual(missing, [], `${locale}: untranslated refusals`);
    assert.deepEqual(extra, [], `${locale}: keys that are no refusal (renamed or removed from REFUSALS?)`);
    for (const reason of REFUSAL_REASONS) {
      const text = table[reason];
      assert.equal(typeof text, 'string', `${locale}.${reason}`);
      assert.ok((text as string).trim() !== '', `${locale}.${reason} is empty`);
      assert.equal(text, (text as string).trim(), `${locale}.${reason} has surrounding spaces`);
      assert.deepEqual(paramsOf(text as string), paramsOf(REFUSALS[reason]), `${locale}.${reason}: parameters`);
      assert.deepEqual(bracesOf(text as string).sort(), bracesOf(REFUSALS[reason]).sort(), `${locale}.${reason}: placeholder spelling`);
    }
  });
}

test('contracts/locales holds exactly the eight translated locales the server loads', () => {
  const folders = fs.readdirSync(LOCALES_DIR, { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
  assert.deepEqual(folders.sort(), [...TRANSLATED].sort());
});

test('the English catalogue itself: no empty text, no stray braces', () => {
  for (const reason of REFUSAL_REASONS) {
    assert.ok(REFUSALS[reason].trim() !== '', reason);
    assert.ok(bracesOf(REFUSALS[reason]).every((b) => /^\{\{\w+\}\}$/.test(b)), reason);
  }
});

/** The front end's texts, flattened: [package/namespace:key, text] per locale folder. */
function frontEndTexts(locale: string): Map<string, string> {
  const texts = new Map<string, string>();
  for (const pkg of fs.readdirSync(REPO_DIR)) {
    const dir = path.join(REPO_DIR, pkg, 'locales', locale);
    if (pkg === 'contracts' || pkg === 'node_modules' || !fs.existsSync(dir)) continue;
    for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json'))) {
      const walk = (value: unknown, at: string): void => {
        if (typeof value === 'string') texts.set(at, value);
        else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, `${at}.${k}`);
      };
      walk(readJson(path.join(dir, file)), `${pkg}/${file}:`);
    }
  }
  return texts;
}

// Sentence-final punctuation and the apostrophe's glyph are house style, not wording.
const wording = (text: string) => text.replace(/[’‘]/g, "'").replace(/[.。!！]+$/u, '').trim();

test('one voice: where the front end says the same English sentence, the refusal uses one of its translations', () => {
  const english = frontEndTexts('en');
  let compared = 0;
  for (const locale of TRANSLATED) {
    const theirs = frontEndTexts(locale);
    const ours = tableOf(locale);
    for (const reason of REFUSAL_REASONS) {
      const sameSentence = [...english].filter(([, text]) => wording(text).toLowerCase() === wording(REFUSALS[reason]).toLowerCase());
      const candidates = sameSentence.map(([at]) => theirs.get(at)).filter((t): t is string => typeof t === 'string');
      if (!candidates.length) continue;
      compared += 1;
      assert.ok(
        candidates.map(wording).includes(wording(String(ours[reason]))),
        `${locale}.${reason} "${String(ours[reason])}" differs from the front end's ${JSON.stringify(candidates)}`,
      );
    }
  }
  // The front end has said e.g. "Insufficient balance" and "Please log in first" for long: finding none means
  // the front end's texts moved, not that there is nothing to compare.
  assert.ok(compared >= 8 * 10, `only ${compared} sentences shared with the front end`);
});

test('localeOf: each of the shell\'s nine lang headers picks its locale; absent or unknown is English', () => {
  const headers: Record<string, string> = { en: 'en', 'zh-HK': 'hk', zh: 'zh', ko: 'kr', ja: 'jp', ge: 'ge', fr: 'fr', it: 'it', ru: 'ru' };
  for (const [header, locale] of Object.entries(headers)) assert.equal(localeOf(header), locale, header);
  assert.equal(localeOf(' ZH-hk '), 'hk', 'case and spaces do not matter');
  assert.equal(localeOf('vi'), 'ru', 'Vietnamese lives under "ru"');
  assert.equal(localeOf(undefined), 'en');
  assert.equal(localeOf(''), 'en');
  assert.equal(localeOf('es'), 'en');
  assert.equal(localeOf(['ge']), 'en', 'a repeated header is not guessed at');
});

test('renderRefusal: the locale\'s text with its parameters filled; English where a locale lacks it', () => {
  assert.equal(renderRefusal('invalidAmount', 'en'), 'Invalid amount');
  assert.equal(renderRefusal('invalidAmount', 'ge'), 'Ungültiger Betrag');
  assert.equal(renderRefusal('insufficientBalance', 'hk'), '餘額不足');
  assert.equal(renderRefusal('loginFirst', 'ru'), 'Vui lòng đăng nhập trước');
  assert.equal(renderRefusal('unknownSymbol', 'en', { symbol: 'NOPE' }), 'Unknown symbol: NOPE');
  assert.equal(renderRefusal('unknownSymbol', 'jp', { symbol: 'NOPE' }), '不明なシンボル：NOPE');
  assert.equal(renderRefusal('tooManyAddresses', 'fr', { max: 20 }), 'Vous pouvez enregistrer au maximum 20 adresses');
  assert.equal(renderRefusal('invalidAmount', 'xx'), 'Invalid amount', 'an unknown locale falls back to English');
  // Every text of every locale renders with no placeholder left once its parameters are given.
  for (const locale of REFUSAL_LOCALES) {
    for (const reason of REFUSAL_REASONS) {
      const params = Object.fromEntries(paramsOf(REFUSALS[reason]).map((name) => [name, `<${name}>`]));
      const text = renderRefusal(reason, locale, params);
      assert.doesNotMatch(text, /\{|\}/, `${locale}.${reason}`);
      for (const name of Object.keys(params)) assert.ok(text.includes(`<${name}>`), `${locale}.${reason} shows ${name}`);
      if (locale !== 'en') assert.equal(text, String(tableOf(locale)[reason]).replace(/\{\{(\w+)\}\}/g, '<$1>'), `${locale}.${reason} loaded`);
    }
  }
});

test('refuse: the key and its parameters on the error, the English text as its message, the money code unless told', () => {
  const plain = refuse('insufficientBalance');
  assert.ok(plain instanceof AppError);
  assert.deepEqual([plain.code, plain.httpStatus, plain.reason, plain.params, plain.message], [MONEY_FAIL, 200, 'insufficientBalance', {}, 'Insufficient balance']);
  const withParams = refuse('loanBelowMinimum', { min: '10', asset: 'USDT' });
  assert.deepEqual([withParams.reason, withParams.params, withParams.message], ['loanBelowMinimum', { min: '10', asset: 'USDT' }, 'The amount is below the minimum (10 USDT)']);
  const identity = refuse('accountMissing', {}, IDENTITY_FAIL);
  assert.deepEqual([identity.code, identity.httpStatus], [IDENTITY_FAIL, 200]);
  const limited = refuse('tooManyRequests', {}, 429, 429);
  assert.deepEqual([limited.code, limited.httpStatus], [429, 429]);
  const operator = operatorError('No deposit 7');
  assert.deepEqual([operator.code, operator.reason, operator.message], [MONEY_FAIL, undefined, 'No deposit 7']);
});

/** Every non-test source file of the server, as [path relative to server/src, text]. */
function serverSources(): [string, string][] {
  const root = path.join(REPO_DIR, 'server', 'src');
  const found: [string, string][] = [];
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.ts$/.test(entry.name) && !/\.test\.ts$/.test(entry.name)) found.push([path.relative(root, file), fs.readFileSync(file, 'utf8')]);
    }
  };
  walk(root);
  return found;
}

// A refusal written as a bare AppError would reach the user in English under reason 'unlisted': every one goes
// through refuse() with its key, and operatorError() is kept for texts no user meets.
test('every refusal is made by refuse() or operatorError(), and no operator text is a catalogue sentence', () => {
  const sources = serverSources();
  assert.ok(sources.length > 100, `only ${sources.length} server sources found`);
  const bare = sources.filter(([file, text]) => file !== path.join('http', 'refuse.ts') && /new AppError\(/.test(text)).map(([file]) => file);
  assert.deepEqual(bare, [], 'AppError made outside http/refuse.ts');
  const catalogue = REFUSAL_REASONS.map((reason) => {
    const pattern = REFUSALS[reason].split(/\{\{\w+\}\}/).map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('.+');
    return { reason, pattern: new RegExp(`^${pattern}$`) };
  });
  let operatorTexts = 0;
  for (const [file, text] of sources) {
    for (const m of text.matchAll(/operatorError\(\s*(['`])((?:(?!\1).)*)\1/g)) {
      operatorTexts += 1;
      const sample = m[2]!.replace(/\$\{[^}]*\}/g, 'X');
      const same = catalogue.find(({ pattern }) => pattern.test(sample));
      assert.equal(same, undefined, `${file}: operatorError("${m[2]}") is the refusal ${same?.reason}: use refuse()`);
    }
  }
  assert.ok(operatorTexts >= 5, `only ${operatorTexts} operator texts found`);
});
