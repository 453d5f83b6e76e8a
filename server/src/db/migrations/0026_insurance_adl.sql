-- The insurance fund and auto-deleveraging (issue 17). The fund started at zero and went negative: a liquidation's
-- shortfall was paid by `insurance` whatever it held. Now the fund is seeded by an audited operator transfer
-- (`pnpm ops insurance:fund`), pays a shortfall only up to its balance, and the part it cannot cover is recovered by
-- auto-deleveraging (ADL): the most profitable, most leveraged opposite positions are closed at the bankrupt
-- position's bankruptcy price (perpetual/adl.ts).

-- An ADL close is a fill and a close type of its own.
ALTER TABLE perp_fills DROP CONSTRAINT perp_fills_kind_check;
ALTER TABLE perp_fills ADD CONSTRAINT perp_fills_kind_check
  CHECK (kind IN ('open', 'close', 'take_profit', 'stop_loss', 'liquidation', 'reverse', 'adl'));
ALTER TABLE perp_positions DROP CONSTRAINT perp_positions_close_type_check;
ALTER TABLE perp_positions ADD CONSTRAINT perp_positions_close_type_check
  CHECK (close_type IN ('manual', 'take_profit', 'stop_loss', 'liquidation', 'reverse', 'adl'));

-- `shortfall` stays what the fund paid; `uncovered` is the loss beyond the fund's balance, recovered by ADL at
-- `bankruptcy_price` (what ADL could not recover, no opposite position being in profit, the broker account bears).
ALTER TABLE perp_liquidations
  ADD COLUMN uncovered numeric(40, 18) NOT NULL DEFAULT 0 CHECK (uncovered >= 0),
  ADD COLUMN bankruptcy_price numeric(40, 18) CHECK (bankruptcy_price > 0);

-- The floor below which operators are alerted, per mode (`pnpm ops insurance:floor`, audited); without a row the
-- default DEFAULT_INSURANCE_FLOOR in perpetual/insurance.ts applies.
CREATE TABLE insurance_floors (
  mode text PRIMARY KEY CHECK (mode IN ('real', 'demo')),
  floor numeric(40, 18) NOT NULL CHECK (floor >= 0),
  updated_at timestamptz NOT NULL
);

-- One row each time the fund falls below its floor (from at or above it): what operators read with
-- `pnpm ops insurance:status`, beside the warning the server logs. Append-only.
CREATE TABLE insurance_alerts (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  mode text NOT NULL CHECK (mode IN ('real', 'demo')),
  balance numeric(40, 18) NOT NULL,
  floor numeric(40, 18) NOT NULL,
  -- the liquidation (position id) whose shortfall took the fund below the floor
  position_id bigint REFERENCES perp_positions (id),
  created_at timestamptz NOT NULL
);
CREATE INDEX insurance_alerts_recent ON insurance_alerts (mode, id DESC);
