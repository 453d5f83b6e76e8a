import { c2c, type DataOf } from '@meridian/contracts';
import { useApiQuery } from '@meridian/shared';

/** The screens' reads, one per contract; live pushes (C2C_ORDER, C2C_MESSAGE in the manifest) refresh them. */
export type Ad = DataOf<typeof c2c.list>['list'][number];
export type Order = DataOf<typeof c2c.order>;
export type Message = DataOf<typeof c2c.messages>[number];
export type PaymentMethod = DataOf<typeof c2c.paymentMethods>[number];
export type Quote = DataOf<typeof c2c.exchangeInfo>[number];

export const useAds = (filter: { side: 'buy' | 'sell'; asset: string; fiat: string; payment: string }) =>
  useApiQuery(c2c.list, { side: filter.side, asset: filter.asset, ...(filter.fiat ? { fiat: filter.fiat } : {}), ...(filter.payment ? { payment: filter.payment as PaymentMethod['kind'] } : {}), size: 50 });

/** One order; once its payment window has passed unpaid, read again every 5 s until the timer job's answer shows (the push usually comes first). */
export const useOrder = (id: string) =>
  useApiQuery(c2c.order, { id }, {
    enabled: Boolean(id),
    refetchInterval: (query) => {
      const order = query.state.data;
      return order?.status === 'unpaid' && Date.now() > Date.parse(order.payDeadline) ? 5000 : false;
    },
  });
export const useOrders = (status: '' | 'active') => useApiQuery(c2c.orders, { status, size: 50 });
export const useMessages = (orderId: string) => useApiQuery(c2c.messages, { orderId });
export const useMerchant = () => useApiQuery(c2c.merchant, undefined);
export const useMyAds = () => useApiQuery(c2c.myAds, { size: 50 });
export const usePaymentMethods = () => useApiQuery(c2c.paymentMethods, undefined);
/** The desk's quotes: asked again every 20 s, inside their 30 s validity. */
export const useQuotes = () => useApiQuery(c2c.exchangeInfo, {}, { refetchInterval: 20_000 });
export const useOtcRecords = () => useApiQuery(c2c.tradingRecord, { page: 1, size: 20 });
