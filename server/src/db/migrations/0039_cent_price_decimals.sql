-- Stocks, indices and CFDs were listed with the catalogue's default of 10 price decimals; their screens show
-- cents (2), and the feed, the K-lines and the 24 h statistics now quote them so (issue 20). As in 0019, only rows
-- still at that default are corrected: an operator's own choice stays.
UPDATE market_instrument
   SET price_decimals = 2
 WHERE category IN ('STOCK', 'INDIES', 'CFD') AND price_decimals = 10;
