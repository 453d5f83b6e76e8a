import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/db.js';
import { call, registerUser } from '../modules/identity/test-support.js';
import { testApp } from '../testing/app.js';
import { testDb } from '../testing/test-db.js';

let db: Db;
let cleanup: () => Promise<void>;
let app: FastifyInstance;

before(async () => {
  ({ db, cleanup } = await testDb());
  app = await testApp({ loginSlowdownMs: 0 }, { db });
});
after(async () => {
  await app.close();
  await cleanup();
});

// The texts are written out here rather than read from the locale files, so a file that fails to load (or a
// header mapped to the wrong locale) shows as a wrong language, not as English agreeing with English.
/** The shell's nine lang header values, each with its language's text of invalidAmount and of unknownSymbol. */
const LANGUAGES: [header: string, invalidAmount: string, unknownSymbol: string][] = [
  ['en', 'Invalid amount', 'Unknown symbol: NOPE'],
  ['zh-HK', '金額無效', '未知的代號：NOPE'],
  ['zh', '金额无效', '未知的代码：NOPE'],
  ['ko', '잘못된 금액입니다', '알 수 없는 심볼: NOPE'],
  ['ja', '金額が無効です', '不明なシンボル：NOPE'],
  ['ge', 'Ungültiger Betrag', 'Unbekanntes Kürzel: NOPE'],
  ['fr', 'Montant invalide', 'Symbole inconnu : NOPE'],
  ['it', 'Importo non valido', 'Simbolo sconosciuto: NOPE'],
  ['ru', 'Số tiền không hợp lệ', 'Mã không xác định: NOPE'],
];

test('a refused transfer says so in the language of the request\'s lang header, under one stable reason', async () => {
  const { token } = await registerUser(app, db);
  const transfer = (headers: Record<string, string>) =>
    call(app, 'POST', 'account/transferAsset', {
      token,
      headers,
      body: { fromWallet: 'platform', toWallet: 'spot', asset: 'USDT', amount: '0x10', requestId: `lang-${Math.random().toString(36).slice(2, 12)}` },
    });

  const seen = new Set<string>();
  for (const [header, text] of LANGUAGES) {
    const refused = await transfer({ lang: header });
    assert.notEqual(refused.code, 0, header);
    assert.deepEqual([refused.reason, refused.msg], ['invalidAmount', text], header);
    seen.add(refused.msg);
  }
  assert.equal(seen.size, 9, 'nine languages, nine texts');

  const plain = await transfer({});
  assert.deepEqual([plain.reason, plain.msg], ['invalidAmount', 'Invalid amount'], 'no header: English');
  const unknown = await transfer({ lang: 'es' });
  assert.deepEqual([unknown.reason, unknown.msg], ['invalidAmount', 'Invalid amount'], 'a language the app lacks: English');
});

test('a refusal with a parameter keeps it, and its key and params, in every language', async () => {
  for (const [header, , text] of LANGUAGES) {
    const res = await app.inject({ method: 'GET', url: '/api/market/getMarketPrice?symbol=NOPE', headers: { lang: header } });
    const body = res.json() as { code: number; reason: string; params?: Record<string, string>; msg: string };
    assert.deepEqual([res.statusCode, body.reason, body.params, body.msg], [404, 'unknownSymbol', { symbol: 'NOPE' }, text], header);
  }
});

test('a refusal from the session check, before the handler runs, is translated too', async () => {
  const texts = { en: 'Login session expired', ge: 'Die Anmeldesitzung ist abgelaufen', ru: 'Phiên đăng nhập đã hết hạn', 'zh-HK': '登入已過期' };
  for (const [header, text] of Object.entries(texts)) {
    const refused = await call(app, 'POST', 'account/list', { token: 'no-such-session', headers: { lang: header } });
    assert.deepEqual([refused.code, refused.reason, refused.msg], [301, 'sessionExpired', text], header);
  }
});
