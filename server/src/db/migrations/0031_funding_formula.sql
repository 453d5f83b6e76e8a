-- Funding by a published formula (server README, Funding): the rate of each funding time follows from prices the
-- funding job records once a minute — the premium P of the mark (the feed's last price) over the index (the middle
-- of its best bid and ask), averaged over the interval — as F = P + clamp(I − P, −c, c), then bounded to ±cap. The
-- parameters (interest rate I, clamp c, cap) are versioned instrument terms, frozen into each position at opening
-- like its funding rate and interval (migration 0025); an operator may bound the rate (cap) or set the interest
-- rate for positions opened after the change, never set the rate itself. NULL parameters: the instrument (forex
-- financing) or the position (opened before this migration) pays its configured rate as before.
ALTER TABLE trading_instruments
  ADD COLUMN funding_interest_rate numeric(20, 10),
  ADD COLUMN funding_clamp numeric(20, 10),
  ADD COLUMN funding_cap numeric(20, 10),
  ADD CONSTRAINT trading_instruments_funding_formula CHECK (
    (funding_interest_rate IS NULL) = (funding_clamp IS NULL) AND (funding_clamp IS NULL) = (funding_cap IS NULL)
    AND (funding_clamp IS NULL OR (funding_clamp >= 0 AND funding_clamp < 0.01 AND abs(funding_interest_rate) <= funding_clamp
                                   AND funding_cap > 0 AND funding_cap < 0.05))
  );

-- The crypto perpetuals follow the formula from now on (Binance's published defaults: I = 0.01 % and c = 0.05 % per
-- interval; the cap 0.75 %, which an operator may change); forex pairs keep their configured financing rate.
UPDATE trading_instruments t SET funding_interest_rate = 0.0001, funding_clamp = 0.0005, funding_cap = 0.0075
  FROM market_instrument m WHERE m.symbol = t.symbol AND m.category = 'CRYPTO';

ALTER TABLE perp_positions
  ADD COLUMN funding_interest_rate numeric(20, 10),
  ADD COLUMN funding_clamp numeric(20, 10),
  ADD COLUMN funding_cap numeric(20, 10) CHECK (funding_cap > 0 AND funding_cap < 0.05);

-- Each minute's mark and index of every formula instrument, as the funding job sampled them: the recorded prices a
-- funding time's premium is averaged from (the market's minute bars keep the last price only, not the index).
CREATE TABLE perp_funding_samples (
  symbol text NOT NULL REFERENCES trading_instruments (symbol),
  sampled_at timestamptz NOT NULL,
  mark_price numeric(40, 18) NOT NULL CHECK (mark_price > 0),
  index_price numeric(40, 18) NOT NULL CHECK (index_price > 0),
  PRIMARY KEY (symbol, sampled_at)
);

-- A funding time's rate with the inputs it was computed from, so anyone can recompute it: the average premium, the
-- average mark and index, how many minutes were sampled, and the formula's parameters of the terms then in force.
ALTER TABLE perp_funding_rates
  ADD COLUMN premium numeric(30, 18),
  ADD COLUMN mark_price numeric(40, 18),
  ADD COLUMN index_price numeric(40, 18),
  ADD COLUMN sample_count integer CHECK (sample_count >= 0),
  ADD COLUMN interest_rate numeric(20, 10),
  ADD COLUMN clamp numeric(20, 10),
  ADD COLUMN cap numeric(20, 10);

-- The rates published ahead for times still to come were the configured rate: the formula computes them when due.
DELETE FROM perp_funding_rates r USING trading_instruments t
 WHERE t.symbol = r.symbol AND t.funding_cap IS NOT NULL AND r.funding_time > now();
