// Plain lists both sides read (no schema here: the front ends import this file).
export const C2C_SIDES = ['buy', 'sell'] as const;
export const C2C_PAYMENT_KINDS = ['bank', 'wise', 'paypal', 'revolut', 'other'] as const;
export const C2C_ORDER_STATUSES = ['unpaid', 'paid', 'appeal', 'released', 'cancelled'] as const;
/** The fiat currencies an ad may be priced in (a label: the money moves outside the platform). */
export const C2C_FIATS = ['USD', 'EUR', 'GBP', 'JPY', 'KRW', 'HKD', 'CNY', 'VND'] as const;
/** The coins C2C and OTC trade. */
export const C2C_ASSETS = ['USDT', 'BTC', 'ETH'] as const;
