-- OTC in every listed fiat (issue 22). The desk's terms per fiat are operator-set rate versions
-- (`pnpm ops otc:rate <FIAT> <rate> [spread]`, audited), append-only as the stock rates (0038): the fiat paid for one
-- USDT and the spread taken each way. The terms in force for a fiat are its highest version; a fiat no operator has
-- set has no quote.
CREATE TABLE otc_rate_versions (
  fiat text NOT NULL CHECK (fiat ~ '^[A-Z]{3}$'),
  version integer NOT NULL CHECK (version > 0),
  -- fiat for one USDT
  rate numeric(40, 18) NOT NULL CHECK (rate > 0),
  spread numeric(10, 6) NOT NULL CHECK (spread >= 0 AND spread < 0.5),
  set_by text NOT NULL,
  set_at timestamptz NOT NULL,
  PRIMARY KEY (fiat, version)
);

CREATE FUNCTION otc_rate_versions_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'OTC rate versions are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER otc_rate_versions_append_only BEFORE UPDATE OR DELETE ON otc_rate_versions
  FOR EACH ROW EXECUTE FUNCTION otc_rate_versions_refuse_change();
CREATE TRIGGER otc_rate_versions_no_truncate BEFORE TRUNCATE ON otc_rate_versions
  FOR EACH STATEMENT EXECUTE FUNCTION otc_rate_versions_refuse_change();

-- The terms OTC had until now, as version 1 of USD: at par with USDT, 1 % each way (other fiats wait for an operator).
INSERT INTO otc_rate_versions (fiat, version, rate, spread, set_by, set_at)
  VALUES ('USD', 1, 1, 0.01, 'migration 0066 (the earlier fixed USD terms)', '2026-01-01T00:00:00Z');

-- A quote is no longer stored when it is read (exchangeInfo writes nothing): it is signed and handed out, and stored
-- here only when an order is placed on it, with the rate version it was derived from.
ALTER TABLE otc_quotes ADD COLUMN rate_version integer;
ALTER TABLE otc_quotes ADD COLUMN fiat_rate numeric(40, 18);
ALTER TABLE otc_quotes ADD COLUMN base_price numeric(40, 18);
