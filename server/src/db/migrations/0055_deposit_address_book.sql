-- userrechange/*: a user may keep several labelled deposit addresses per coin and chain. The first (slot 0) is the
-- one deposit-address-new answers; more are derived per slot. Removing one hides it from the list but keeps its
-- row, so a deposit sent to it later is still recognised and credited (the chain watcher matches every row).
ALTER TABLE deposit_addresses ADD COLUMN slot integer NOT NULL DEFAULT 0 CHECK (slot BETWEEN 0 AND 99);
ALTER TABLE deposit_addresses ADD COLUMN label text NOT NULL DEFAULT '' CHECK (length(label) <= 32);
ALTER TABLE deposit_addresses ADD COLUMN removed_at timestamptz;
ALTER TABLE deposit_addresses DROP CONSTRAINT deposit_addresses_user_id_asset_chain_key;
CREATE UNIQUE INDEX deposit_addresses_user_slot ON deposit_addresses (user_id, asset, chain, slot);

-- A user's own report of a deposit (userrechange/insert: chain, transaction hash, amount). It never credits by
-- itself: an operator checks the chain and confirms it (pnpm ops deposit:report-confirm, audited), which records a
-- back-office deposit with the report as its evidence, or rejects it with a reason.
CREATE TABLE deposit_reports (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id bigint NOT NULL REFERENCES users (id),
  asset text NOT NULL,
  chain text NOT NULL,
  tx_hash text NOT NULL CHECK (tx_hash ~ '^[A-Za-z0-9]{8,128}$'),
  amount numeric(40, 18) NOT NULL CHECK (amount > 0 AND amount <= 1e17),
  status text NOT NULL CHECK (status IN ('pending', 'confirmed', 'rejected')),
  reason text NOT NULL DEFAULT '',
  deposit_id bigint REFERENCES deposits (id),
  created_at timestamptz NOT NULL,
  decided_at timestamptz,
  decided_by text,
  UNIQUE (user_id, chain, tx_hash)
);
