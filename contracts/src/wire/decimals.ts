/**
 * The spec's display and order decimals by coin (shell-accounts-money §9): the server's catalogue lists instruments
 * with them and the screens format with them, so both read this one table.
 */
export const COIN_DECIMALS: Readonly<Record<string, { readonly price: number; readonly amount: number }>> = {
  XRP: { price: 4, amount: 0 },
  BCH: { price: 1, amount: 3 },
  LTC: { price: 2, amount: 3 },
  BTC: { price: 2, amount: 5 },
  SUSHI: { price: 3, amount: 1 },
  EOS: { price: 1, amount: 1 },
  UNI: { price: 3, amount: 2 },
  DOT: { price: 2, amount: 2 },
  ETH: { price: 2, amount: 3 },
  TRX: { price: 5, amount: 1 },
  DOGE: { price: 5, amount: 0 },
  OMG: { price: 3, amount: 1 },
  CRV: { price: 4, amount: 1 },
  ZRX: { price: 4, amount: 0 },
  GAS: { price: 3, amount: 1 },
  SOL: { price: 2, amount: 2 },
  AVAX: { price: 2, amount: 2 },
  SAND: { price: 4, amount: 0 },
};
/** Any coin the table does not list. */
export const DEFAULT_PRICE_DECIMALS = 10;
export const DEFAULT_AMOUNT_DECIMALS = 5;
