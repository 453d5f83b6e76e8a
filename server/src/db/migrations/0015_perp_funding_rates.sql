-- The funding rate of each perpetual instrument for each funding time, recorded once: the funding job publishes the
-- rate of the coming time on every run, and a time it missed (the server was down) takes the rate of the terms in
-- force at that time. Every payment of a funding time, however late, is made at this rate.
CREATE TABLE perp_funding_rates (
  symbol text NOT NULL REFERENCES trading_instruments (symbol),
  funding_time timestamptz NOT NULL,
  rate numeric(20, 10) NOT NULL CHECK (abs(rate) < 0.05),
  terms_version integer NOT NULL,
  recorded_at timestamptz NOT NULL,
  PRIMARY KEY (symbol, funding_time)
);
