-- Stock fees become the product kit's versioned terms (kind 'stock-fees', product 'stocks'): an operator publishes
-- a new version with `pnpm ops stock:fees` (audited), and every order copies the version in force when it is
-- placed — its id, its number and both rates — so a later version never reaches an order already placed (a
-- resting limit keeps the maker rate it was placed under). Version 1 is the rates the code held until now.
INSERT INTO product_terms (product_kind, product_id, version, terms, effective_from, created_by, created_at)
VALUES ('stock-fees', 'stocks', 1, '{"taker": "0.001", "maker": "0.0008"}'::jsonb, '2000-01-01T00:00:00Z', 'migration-0060', '2000-01-01T00:00:00Z');

ALTER TABLE stock_orders
  ADD COLUMN fee_terms_version_id bigint REFERENCES product_terms (id),
  ADD COLUMN fee_terms_version integer,
  ADD COLUMN taker_fee_rate numeric(20, 18),
  ADD COLUMN maker_fee_rate numeric(20, 18);

-- every order so far was placed under version 1's rates
UPDATE stock_orders SET fee_terms_version_id = t.id, fee_terms_version = 1, taker_fee_rate = 0.001, maker_fee_rate = 0.0008
  FROM product_terms t WHERE t.product_kind = 'stock-fees' AND t.product_id = 'stocks' AND t.version = 1;

ALTER TABLE stock_orders
  ALTER COLUMN fee_terms_version_id SET NOT NULL,
  ALTER COLUMN fee_terms_version SET NOT NULL,
  ALTER COLUMN taker_fee_rate SET NOT NULL,
  ALTER COLUMN maker_fee_rate SET NOT NULL,
  ADD CONSTRAINT stock_orders_fee_rates CHECK (taker_fee_rate >= 0 AND taker_fee_rate < 0.1 AND maker_fee_rate >= 0 AND maker_fee_rate < 0.1);
