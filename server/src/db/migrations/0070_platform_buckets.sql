-- Bucketed platform accounts (issue 23, the hot path): the platform's trading desk (`broker`) and fee account
-- (`fees`), which every fill of the venue writes, are split per (mode, asset) into 16 accounts, so that concurrent
-- fills of different users lock different rows instead of queueing on one. A bucket is an ordinary account of the
-- one wallet: balances shown, reports and `ledger verify` add the buckets, and every sum stays exact. The accounts
-- that existed before are bucket 0 (the column's default), so an upgraded ledger holds exactly what it held.
ALTER TABLE ledger_accounts ADD COLUMN bucket smallint NOT NULL DEFAULT 0;
-- Only the platform's bucketed wallets have buckets besides 0 (server modules/ledger/ledger.ts BUCKETED_WALLETS).
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_bucket_check
  CHECK (bucket = 0 OR (holder = 0 AND wallet IN ('broker', 'fees') AND bucket > 0 AND bucket < 16));
ALTER TABLE ledger_accounts DROP CONSTRAINT ledger_accounts_holder_mode_wallet_asset_part_key;
ALTER TABLE ledger_accounts ADD CONSTRAINT ledger_accounts_holder_mode_wallet_asset_part_bucket_key
  UNIQUE (holder, mode, wallet, asset, part, bucket);

-- As in 0004, and an account's bucket never changes either.
CREATE OR REPLACE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger: accounts are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'INSERT' AND NEW.balance <> 0 THEN
    RAISE EXCEPTION 'ledger: an account opens at zero' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.balance <> OLD.balance AND pg_trigger_depth() < 2
      OR NEW.holder <> OLD.holder OR NEW.mode <> OLD.mode OR NEW.wallet <> OLD.wallet OR NEW.asset <> OLD.asset
      OR NEW.part <> OLD.part OR NEW.bucket <> OLD.bucket) THEN
    RAISE EXCEPTION 'ledger: a balance changes only through a transfer' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;
