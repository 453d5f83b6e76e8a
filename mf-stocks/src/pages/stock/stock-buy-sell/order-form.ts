import { createForm } from '@meridian/shared';
import type { Key } from '../../../i18n';

export interface OrderValues {
  side: 'buy' | 'sell';
  type: 'market' | 'limit';
  /** A market buy may give an amount in the stock's currency instead of shares. */
  sizeBy: 'shares' | 'amount';
  shares: string;
  amount: string;
  price: string;
  timeInForce: 'DAY' | 'GTC';
}

/** What the screen knows: the venue's lot (1 in the US, 100 in Tokyo). */
export interface OrderContext {
  lotSize: number;
}

const DECIMAL = /^(?:0|[1-9]\d{0,29})(?:\.\d{1,18})?$/;
const positive = (text: string) => DECIMAL.test(text) && /[1-9]/.test(text);

/**
 * The stock order form: whole lots of shares (or, for a market buy, an amount), a positive limit price for a limit
 * order. The server checks the rest (hours, the tick table, funds) and the estimate shows its answer before any
 * confirmation. What is sent is the summary.
 */
export const orderForm = createForm<OrderValues, OrderContext, OrderValues & { sendShares: boolean }, Key>({
  initial: { side: 'buy', type: 'market', sizeBy: 'shares', shares: '', amount: '', price: '', timeInForce: 'DAY' },
  onEdit: (values, field) => (field === 'type' && values.type === 'limit' ? { ...values, sizeBy: 'shares' } : field === 'side' && values.side === 'sell' ? { ...values, sizeBy: 'shares' } : values),
  rules: (v, { lotSize }) => {
    const byShares = v.sizeBy === 'shares' || v.type === 'limit' || v.side === 'sell';
    const sharesError: Key | null = !byShares
      ? null
      : !positive(v.shares)
        ? 'stockSharesRequired'
        : !/^\d+$/.test(v.shares) || Number(v.shares) % lotSize !== 0
          ? lotSize === 1 ? 'stockWholeShares' : 'stockWholeLots'
          : null;
    return {
      shares: sharesError,
      amount: !byShares && !positive(v.amount) ? 'stockAmountRequired' : null,
      price: v.type === 'limit' && !positive(v.price) ? 'stockPriceRequired' : null,
    };
  },
  summary: (v) => ({ ...v, sendShares: v.sizeBy === 'shares' || v.type === 'limit' || v.side === 'sell' }),
});
