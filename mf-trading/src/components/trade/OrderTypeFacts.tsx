import { formatQuotePrice } from '@meridian/shared';
import { useT, type Key } from '../../i18n';
import { apiOrderType, trailingTrigger, triggerRises, type AdvancedOrder } from './orderTypes';
import type { OrderKind, OrderSide } from './rules';
import own from './orderTypes.module.css';

/**
 * What an order of a type beyond plain market and limit will do, in the receipt before it is confirmed: when a
 * stop fires and what it becomes, where a trailing stop's trigger starts and how it moves, what the time in
 * force does with what does not fill at once, post-only and reduce-only.
 */
export function OrderTypeFacts({
  side,
  kind,
  advanced,
  price,
  current,
  priceDecimals,
}: {
  side: OrderSide;
  kind: OrderKind;
  advanced: AdvancedOrder;
  /** The limit price (limit and stop-limit). */
  price: string | null;
  /** The price the condition watches now (mark or last). */
  current: string | null;
  priceDecimals: number;
}) {
  const { t } = useT();
  const type = apiOrderType(kind, advanced);
  const source = t(advanced.triggerSource === 'mark' ? 'sourceMark' : 'sourceLast');
  const fmt = (value: string) => formatQuotePrice(value, priceDecimals);
  const lines: string[] = [];
  if (type === 'stop_market' || type === 'stop_limit') {
    const rises = current === null || triggerRises(advanced.triggerPrice, current);
    const key: Key = type === 'stop_market' ? (rises ? 'explainStopMarketUp' : 'explainStopMarketDown') : rises ? 'explainStopLimitUp' : 'explainStopLimitDown';
    lines.push(t(key, { source, trigger: fmt(advanced.triggerPrice), price: price ? fmt(price) : '' }));
  }
  if (type === 'trailing_stop' && current !== null) {
    const { trigger } = trailingTrigger(side, null, current, advanced.callbackRate, priceDecimals);
    lines.push(t(side === 'sell' ? 'explainTrailingSell' : 'explainTrailingBuy', { source, rate: advanced.callbackRate, trigger: fmt(trigger) }));
  }
  if (type === 'limit' || type === 'stop_limit') {
    lines.push(t(advanced.timeInForce === 'IOC' ? 'explainIoc' : advanced.timeInForce === 'FOK' ? 'explainFok' : 'explainGtc'));
    if (advanced.postOnly && advanced.timeInForce === 'GTC') lines.push(t('explainPostOnly'));
  }
  if (advanced.reduceOnly) lines.push(t(side === 'sell' ? 'explainReduceOnlyLong' : 'explainReduceOnlyShort'));
  if (!lines.length) return null;
  return (
    <div data-testid="receipt-order-type">
      {lines.map((line) => (
        <p key={line} className={own.note}>
          {line}
        </p>
      ))}
    </div>
  );
}
