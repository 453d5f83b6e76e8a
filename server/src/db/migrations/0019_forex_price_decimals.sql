-- Forex pairs were listed with the catalogue's default of 10 price decimals; they are quoted to a tenth of a pip
-- (5, or 3 for a JPY-quoted pair) like their trading terms and the screens. Only catalogue rows still at that
-- default are corrected (an operator's own choice stays); orders and positions keep the decimals they copied.
UPDATE market_instrument
   SET price_decimals = CASE WHEN unit = 'JPY' THEN 3 ELSE 5 END
 WHERE category = 'FOREX' AND price_decimals = 10;
