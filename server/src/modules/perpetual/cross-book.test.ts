import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEFAULT_TIERS } from '../trading/instruments.js';
import { CrossBook, type CrossAccount } from './cross.js';
import type { Tick } from '../market/feed/port.js';

const leg = (symbol: string, quantity = '1') => ({ symbol, side: 'long' as const, quantity, entryPrice: '100', margin: '10', tiers: DEFAULT_TIERS });
const account = (userId: string, free: string, symbols = ['BTCUSDT', 'ETHUSDT']): CrossAccount => ({ userId, mode: 'real', free, legs: symbols.map((s) => leg(s)) });
// every symbol marked far below the entries: each kept account is due, so due() lists exactly what the book keeps
const crash = (symbol: string): Tick => ({ symbol, price: '1', bid: '1', ask: '1' }) as Tick;
const kept = (book: CrossBook) => book.due(['BTCUSDT', 'ETHUSDT', 'SOLUSDT'], crash).map((a) => a.userId).sort();

test('cluster reconcile: the owner\'s cross book takes what lost bus messages left out, stale or gone from the store', () => {
  const book = new CrossBook();
  book.note(account('a', '50'));
  book.note(account('b', '50'));
  book.note(account('e', '50'));
  assert.deepEqual(kept(book), ['a', 'b', 'e']);

  const mark = book.mark();
  // read after the mark: a changed free balance, b closed, c opened (its note lost), e unchanged
  const stored = [account('a', '70'), account('c', '10', ['SOLUSDT', 'BTCUSDT']), account('e', '50'), account('d', '20')];
  // while the store was read, a newer change of d arrived on the bus (d with one leg: no longer watched)
  book.note(account('d', '25', ['BTCUSDT']));
  const changed = book.reconcile(stored, mark);

  assert.equal(changed, 3, 'a replaced, c added, b dropped; e the same; d newer than the read');
  assert.deepEqual(kept(book), ['a', 'c', 'e']);
  // and the next reconcile of the same store changes nothing
  assert.equal(book.reconcile([account('a', '70'), account('c', '10', ['SOLUSDT', 'BTCUSDT']), account('e', '50')], book.mark()), 0);
});
