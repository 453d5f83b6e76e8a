-- The USD→USDT and JPY→USDT rates ordinary stocks are valued at (issue 20). Operators set them with
-- `pnpm ops stock:rate <USD|JPY> <rate>` (audited); each setting is a new version, never an edit, so every converted
-- figure can name the version it used and that version can be read back later. The rate in force for a currency is
-- its highest version. No rate is seeded: none is in force until an operator sets one.
CREATE TABLE stock_rate_versions (
  currency text NOT NULL CHECK (currency IN ('USD', 'JPY')),
  version integer NOT NULL CHECK (version > 0),
  -- USDT for one unit of the currency
  rate numeric(40, 18) NOT NULL CHECK (rate > 0),
  set_by text NOT NULL,
  set_at timestamptz NOT NULL,
  PRIMARY KEY (currency, version)
);

CREATE FUNCTION stock_rate_versions_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'stock rate versions are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER stock_rate_versions_append_only BEFORE UPDATE OR DELETE ON stock_rate_versions
  FOR EACH ROW EXECUTE FUNCTION stock_rate_versions_refuse_change();
CREATE TRIGGER stock_rate_versions_no_truncate BEFORE TRUNCATE ON stock_rate_versions
  FOR EACH STATEMENT EXECUTE FUNCTION stock_rate_versions_refuse_change();
