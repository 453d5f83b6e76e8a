-- The funding terms (rate and interval) are frozen into each perpetual position, as its fee and maintenance tiers
-- are: `pnpm ops trading:instrument-set --funding-rate/--funding-hours` applies to positions opened after the change
-- ("open orders and positions keep theirs", as the command says), where the funding job charged every open position
-- the rate current at each funding time. A position copies the funding terms of the terms version its order was
-- placed under; a merge keeps the position's.
ALTER TABLE perp_positions
  ADD COLUMN funding_rate numeric(20, 10) CHECK (abs(funding_rate) < 0.05),
  ADD COLUMN funding_interval_hours integer CHECK (funding_interval_hours BETWEEN 1 AND 24);

-- Positions opened before this migration keep the terms of the version they were opened under from now on.
UPDATE perp_positions p
   SET funding_rate = (v.terms->>'fundingRate')::numeric, funding_interval_hours = (v.terms->>'fundingIntervalHours')::integer
  FROM trading_instrument_versions v
 WHERE v.symbol = p.symbol AND v.version = p.terms_version;
