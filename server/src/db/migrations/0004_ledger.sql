-- The double-entry ledger. Every balance is a ledger account; every change of a balance is a row of
-- ledger_transfers moving an amount from one account to another of the same asset and mode. The balances are
-- changed only by the trigger that inserts a transfer: a direct UPDATE of a balance is refused, so no column,
-- endpoint or command can set a balance. `pnpm ops ledger verify` re-adds every transfer to prove it.

-- An account: one part (available or frozen) of one wallet of one holder for one asset, in one mode.
-- holder is a user id, or 0 for the platform's own accounts (deposits from chains, fees, loans, demo issuance,
-- the conversion desk), which are the only ones allowed below zero: they mirror what users hold.
CREATE TABLE ledger_accounts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  holder bigint NOT NULL,
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  wallet text NOT NULL,
  asset text NOT NULL,
  part text NOT NULL CHECK (part IN ('available', 'frozen')),
  balance numeric(40, 18) NOT NULL DEFAULT 0,
  CHECK (holder = 0 OR balance >= 0),
  UNIQUE (holder, mode, wallet, asset, part)
);

-- One business operation (a transfer between wallets, a deposit credit, a withdrawal…) and its idempotency key:
-- a retried request with the same key finds its batch and changes nothing twice.
CREATE TABLE ledger_batches (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  cause_type text NOT NULL,
  cause_id text NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE TABLE ledger_transfers (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  batch_id bigint NOT NULL REFERENCES ledger_batches (id),
  debit_account bigint NOT NULL REFERENCES ledger_accounts (id),
  credit_account bigint NOT NULL REFERENCES ledger_accounts (id),
  asset text NOT NULL,
  amount numeric(40, 18) NOT NULL CHECK (amount > 0),
  created_at timestamptz NOT NULL,
  CHECK (debit_account <> credit_account)
);
CREATE INDEX ledger_transfers_debit ON ledger_transfers (debit_account, id);
CREATE INDEX ledger_transfers_credit ON ledger_transfers (credit_account, id);
CREATE INDEX ledger_transfers_batch ON ledger_transfers (batch_id);

-- Applies a transfer to the two balances. The debit is one conditional statement (balance >= amount), which is
-- correct on PGlite (one connection) and on PostgreSQL, where a racing debit waits for the row lock and then
-- re-checks the condition: two spends of the same balance never both succeed.
CREATE FUNCTION ledger_apply_transfer() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  debit ledger_accounts%ROWTYPE;
  credit ledger_accounts%ROWTYPE;
BEGIN
  SELECT * INTO debit FROM ledger_accounts WHERE id = NEW.debit_account;
  SELECT * INTO credit FROM ledger_accounts WHERE id = NEW.credit_account;
  IF debit.asset <> NEW.asset OR credit.asset <> NEW.asset THEN
    RAISE EXCEPTION 'ledger: asset mismatch' USING ERRCODE = 'check_violation';
  END IF;
  IF debit.mode <> credit.mode THEN
    RAISE EXCEPTION 'ledger: demo and real never mix' USING ERRCODE = 'check_violation';
  END IF;
  UPDATE ledger_accounts SET balance = balance - NEW.amount
    WHERE id = NEW.debit_account AND (holder = 0 OR balance >= NEW.amount);
  IF NOT FOUND THEN
    RAISE EXCEPTION 'ledger: insufficient balance' USING ERRCODE = 'ML001';
  END IF;
  UPDATE ledger_accounts SET balance = balance + NEW.amount WHERE id = NEW.credit_account;
  RETURN NEW;
END;
$$;

CREATE TRIGGER ledger_transfers_apply
  BEFORE INSERT ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_apply_transfer();

-- Balances move only inside ledger_apply_transfer (trigger depth 2); anything else changing one is refused.
CREATE FUNCTION ledger_accounts_guard() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'ledger: accounts are never deleted' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'INSERT' AND NEW.balance <> 0 THEN
    RAISE EXCEPTION 'ledger: an account opens at zero' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF TG_OP = 'UPDATE' AND (NEW.balance <> OLD.balance AND pg_trigger_depth() < 2
      OR NEW.holder <> OLD.holder OR NEW.mode <> OLD.mode OR NEW.wallet <> OLD.wallet OR NEW.asset <> OLD.asset
      OR NEW.part <> OLD.part) THEN
    RAISE EXCEPTION 'ledger: a balance changes only through a transfer' USING ERRCODE = 'insufficient_privilege';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER ledger_accounts_guarded
  BEFORE INSERT OR UPDATE OR DELETE ON ledger_accounts
  FOR EACH ROW EXECUTE FUNCTION ledger_accounts_guard();

-- Transfers and batches are history: append-only, like the audit log.
CREATE FUNCTION ledger_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger history is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER ledger_transfers_append_only BEFORE UPDATE OR DELETE ON ledger_transfers
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_transfers_no_truncate BEFORE TRUNCATE ON ledger_transfers
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_batches_append_only BEFORE UPDATE OR DELETE ON ledger_batches
  FOR EACH ROW EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_batches_no_truncate BEFORE TRUNCATE ON ledger_batches
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
CREATE TRIGGER ledger_accounts_no_truncate BEFORE TRUNCATE ON ledger_accounts
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_refuse_change();
