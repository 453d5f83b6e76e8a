-- Seconds contracts move onto named holds (src/platform-kit/product/holds.ts): a contract's stake waits in a hold
-- (reason 'secondsStake', reference seconds:<contract id>) in the option wallet's 'held' part instead of its
-- 'frozen' part; the settlement's batch (seconds-settle:<id>) draws the whole hold, a refund releases it.
-- Upgrade: every contract still open and not refunded gets its hold, its stake moved frozen → held by an ordinary
-- ledger transfer (the trigger refuses it if the frozen balance were short), under the key hold:<id>:place.
INSERT INTO holds (user_id, mode, wallet, asset, amount, reason, reference_kind, reference_id, created_at)
SELECT c.user_id, c.mode, 'option', 'USDT', c.stake, 'secondsStake', 'seconds', c.id::text, c.opened_at
  FROM seconds_contracts c
 WHERE c.status = 'open' AND NOT EXISTS (SELECT 1 FROM seconds_refunds r WHERE r.contract_id = c.id)
 ORDER BY c.id;

INSERT INTO ledger_accounts (holder, mode, wallet, asset, part)
SELECT DISTINCT user_id, mode, wallet, asset, 'held' FROM holds WHERE reference_kind = 'seconds'
ON CONFLICT (holder, mode, wallet, asset, part) DO NOTHING;

INSERT INTO ledger_batches (idempotency_key, cause_type, cause_id, created_at)
SELECT 'hold:' || id || ':place', 'seconds', reference_id, created_at FROM holds WHERE reference_kind = 'seconds' ORDER BY id;

INSERT INTO ledger_transfers (batch_id, debit_account, credit_account, asset, amount, created_at)
SELECT b.id, f.id, h2.id, h.asset, h.amount, h.created_at
  FROM holds h
  JOIN ledger_batches b ON b.idempotency_key = 'hold:' || h.id || ':place'
  JOIN ledger_accounts f ON f.holder = h.user_id AND f.mode = h.mode AND f.wallet = h.wallet AND f.asset = h.asset AND f.part = 'frozen'
  JOIN ledger_accounts h2 ON h2.holder = h.user_id AND h2.mode = h.mode AND h2.wallet = h.wallet AND h2.asset = h.asset AND h2.part = 'held'
 WHERE h.reference_kind = 'seconds'
 ORDER BY h.id;
