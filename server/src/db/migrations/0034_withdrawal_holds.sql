-- Withdrawals move onto named holds (src/platform-kit/product/holds.ts): a withdrawal's amount waits in a hold
-- (reason 'withdrawal', reference withdrawal:<id>) in the ledger's 'held' part, posted to the chain and fees
-- accounts when approved, released when canceled or rejected. Each pending withdrawal of before this migration
-- gets its hold here, its amount moved frozen → held by an ordinary ledger transfer (the trigger applies it and
-- refuses it if the frozen balance were short), under the key the hold would have used: hold:<id>:place.

INSERT INTO holds (user_id, mode, wallet, asset, amount, reason, reference_kind, reference_id, created_at)
SELECT user_id, 'real', 'platform', asset, amount, 'withdrawal', 'withdrawal', id::text, created_at
  FROM withdrawals WHERE status = 'pending' ORDER BY id;

INSERT INTO ledger_accounts (holder, mode, wallet, asset, part)
SELECT DISTINCT user_id, 'real', 'platform', asset, 'held' FROM holds WHERE reference_kind = 'withdrawal'
ON CONFLICT (holder, mode, wallet, asset, part) DO NOTHING;

INSERT INTO ledger_batches (idempotency_key, cause_type, cause_id, created_at)
SELECT 'hold:' || id || ':place', 'withdrawal', reference_id, created_at FROM holds WHERE reference_kind = 'withdrawal' ORDER BY id;

INSERT INTO ledger_transfers (batch_id, debit_account, credit_account, asset, amount, created_at)
SELECT b.id, f.id, h2.id, h.asset, h.amount, h.created_at
  FROM holds h
  JOIN ledger_batches b ON b.idempotency_key = 'hold:' || h.id || ':place'
  JOIN ledger_accounts f ON f.holder = h.user_id AND f.mode = 'real' AND f.wallet = 'platform' AND f.asset = h.asset AND f.part = 'frozen'
  JOIN ledger_accounts h2 ON h2.holder = h.user_id AND h2.mode = 'real' AND h2.wallet = 'platform' AND h2.asset = h.asset AND h2.part = 'held'
 WHERE h.reference_kind = 'withdrawal'
 ORDER BY h.id;
