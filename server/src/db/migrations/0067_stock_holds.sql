-- Resting stock orders move onto named holds (src/platform-kit/product/holds.ts), the one way money is set aside:
-- a limit buy's USDT (the spot wallet's for ordinary stocks, the dayTrading wallet's for day trading) and a limit
-- sell's shares wait in their wallet's 'held' part under a hold (reason stockOrder, reference stock-order:<id>)
-- instead of its 'frozen' part; each fill draws from the hold, a cancel or expiry releases what is left, and
-- `ledger verify` proves every held balance against the open holds.
ALTER TABLE stock_orders ADD COLUMN hold_id bigint REFERENCES holds (id);

-- Upgrade: every pending order that froze the old way gets a hold of what it still has frozen, moved frozen → held
-- by an ordinary ledger transfer (the ledger's trigger refuses it if the frozen balance were short), under the key
-- the hold would have used: hold:<id>:place. The wallet is the one its frozen amount sits in.
INSERT INTO holds (user_id, mode, wallet, asset, amount, reason, reference_kind, reference_id, created_at)
SELECT user_id::bigint, mode, CASE WHEN frozen_asset = 'USDT' AND book = 'stock' THEN 'spot' ELSE book END, frozen_asset, frozen,
       'stockOrder', 'stock-order', id::text, created_at
  FROM stock_orders WHERE status = 'pending' AND frozen > 0 ORDER BY id;

UPDATE stock_orders o SET hold_id = h.id
  FROM holds h WHERE h.reference_kind = 'stock-order' AND h.reference_id = o.id::text AND h.reason = 'stockOrder';

INSERT INTO ledger_accounts (holder, mode, wallet, asset, part)
SELECT DISTINCT user_id, mode, wallet, asset, 'held' FROM holds WHERE reference_kind = 'stock-order'
ON CONFLICT (holder, mode, wallet, asset, part) DO NOTHING;

INSERT INTO ledger_batches (idempotency_key, cause_type, cause_id, created_at)
SELECT 'hold:' || id || ':place', reference_kind, reference_id, created_at FROM holds
 WHERE reference_kind = 'stock-order' ORDER BY id;

INSERT INTO ledger_transfers (batch_id, debit_account, credit_account, asset, amount, created_at)
SELECT b.id, f.id, h2.id, h.asset, h.amount, h.created_at
  FROM holds h
  JOIN ledger_batches b ON b.idempotency_key = 'hold:' || h.id || ':place'
  JOIN ledger_accounts f ON f.holder = h.user_id AND f.mode = h.mode AND f.wallet = h.wallet AND f.asset = h.asset AND f.part = 'frozen'
  JOIN ledger_accounts h2 ON h2.holder = h.user_id AND h2.mode = h.mode AND h2.wallet = h.wallet AND h2.asset = h.asset AND h2.part = 'held'
 WHERE h.reference_kind = 'stock-order'
 ORDER BY h.id;
