import Decimal from 'decimal.js';
import { Button, Dialog, formatFee, formatMoney, formatPercent, formatRate, formatQuoteAmount, formatQuotePrice, formatUnits } from '@meridian/shared';
import { useT } from '../../i18n';
import type { PerpReceipt, SpotReceipt } from './receipt';
import type { OrderKind, OrderSide } from './rules';
import { shownReceipt, useOrderEstimate } from './useOrderEstimate';
import { DemoMarker } from './useTradeGate';
import { OrderTypeFacts } from './OrderTypeFacts';
import { apiOrderType, ORDER_TYPE_TEXT, type AdvancedOrder } from './orderTypes';
import styles from './trade.module.css';

/** The order as the user confirmed it in the form. */
export interface PendingOrder {
  market: 'spot' | 'perp';
  symbol: string;
  base: string;
  quoteAsset: string;
  side: OrderSide;
  kind: OrderKind;
  quantity: string;
  /** The USDT amount the order is sized by (spot: a market buy; perpetual: any order), else null. */
  amount: string | null;
  price: string | null;
  leverage: number;
  takeProfit: string | null;
  stopLoss: string | null;
  marginMode: 'isolated' | 'cross' | null;
  isIco: boolean;
  /** Perpetual and forex: the condition, time in force and flags (orderTypes.ts), and the price a condition watches now. */
  advanced?: AdvancedOrder;
  watched?: string | null;
}

export type Receipt = { kind: 'perp'; figures: PerpReceipt } | { kind: 'spot'; figures: SpotReceipt };

/** A forex order (a perpetual one on a pair): its size in lots and its conversion of the quote currency to USDT. */
export interface ForexTerms {
  lots: string;
  units: string;
  quoteCurrency: string;
  quoteRate: string;
  /** USDT per pip on the order (null without a conversion for it). */
  pipValue: string | null;
}

/** USDT figures as the wallet shows them: cents, rounded up for what the user pays (never shown as less). */
const usdt = (value: string) => formatMoney(value, { rounding: 'up' });

/**
 * The pre-trade receipt: what the order will do before any money moves. Spot: expected fill price (the book
 * walked), quantity, value, fee and what is received. Perpetual: expected price, notional, fee, margin, the
 * total leaving the balance, and the liquidation price before → after with the distance from the mark in %.
 * Forex: the perpetual receipt with the size in lots, the conversion rate and the value of a pip.
 */
export function ReceiptSheet({
  order,
  receipt: local,
  busy,
  demo,
  priceDecimals,
  amountDecimals,
  onCancel,
  onConfirm,
  forex: localForex,
}: {
  order: PendingOrder;
  receipt: Receipt;
  busy: boolean;
  demo: boolean;
  priceDecimals: number;
  amountDecimals: number;
  onCancel: () => void;
  onConfirm: () => void;
  forex?: ForexTerms;
}) {
  const { t } = useT();
  // the engine's own figures once the estimate call answers; the local ones (same formulas, streamed book) until then
  const estimate = useOrderEstimate(order, localForex);
  const receipt: Receipt = shownReceipt(local, estimate);
  const forex: ForexTerms | undefined =
    localForex && estimate && 'pipValue' in estimate ? { ...localForex, quoteRate: estimate.quoteRate, pipValue: estimate.pipValue } : localForex;
  const reduceOnly = order.advanced?.reduceOnly === true;
  const price = (value: string | null) => (value === null ? t('noLiquidation') : formatQuotePrice(value, priceDecimals));
  const title = t(order.market === 'perp' ? (order.side === 'buy' ? 'receiptTitleLong' : 'receiptTitleShort') : order.side === 'buy' ? 'receiptTitleBuy' : 'receiptTitleSell', {
    coin: order.base,
    symbol: order.symbol,
  });
  const expectedLabel = t(order.kind === 'limit' ? 'receiptLimitPrice' : 'receiptExpectedPrice');
  const confirmLabel =
    order.market === 'perp'
      ? t(order.side === 'buy' ? 'openLongButton' : 'openShortButton', { leverage: String(order.leverage) })
      : t(order.side === 'buy' ? 'buyButton' : 'sellButton', { coin: order.base });
  return (
    <Dialog
      title={title}
      testId="trade-receipt"
      onDismiss={busy ? undefined : onCancel}
      actions={
        <>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('cancelButton')}
          </Button>
          <Button data-primary="" className={order.side === 'buy' ? styles.confirmBuy : styles.confirmSell} onClick={onConfirm} disabled={busy} data-testid="receipt-confirm">
            {busy ? t('placing') : confirmLabel}
          </Button>
        </>
      }
    >
      <DemoMarker demo={demo} testId="receipt-demo" />
      <dl className={styles.facts} data-testid="receipt-facts" data-estimate={receipt === local ? 'local' : 'server'}>
        <dt>{t('receiptOrderType')}</dt>
        <dd data-testid="receipt-type">{`${t(ORDER_TYPE_TEXT[order.advanced ? apiOrderType(order.kind, order.advanced) : order.kind])}${order.market === 'perp' ? ` · ${t('leverageValue', { leverage: String(order.leverage) })} · ${t(order.marginMode === 'cross' ? 'marginCross' : 'marginIsolated')}` : ''}`}</dd>
        {receipt.kind === 'spot' ? (
          <>
            <dt>{expectedLabel}</dt>
            <dd data-testid="receipt-price">{formatQuotePrice(receipt.figures.expectedPrice, priceDecimals)}</dd>
            <dt>{t('receiptQuantity')}</dt>
            <dd data-testid="receipt-quantity">{`${order.amount ? '≈ ' : ''}${formatQuoteAmount(receipt.figures.quantity, amountDecimals)} ${order.base}`}</dd>
            <dt>{t('receiptValue')}</dt>
            <dd data-testid="receipt-value">{`${usdt(receipt.figures.value)} ${order.quoteAsset}`}</dd>
            <dt>{t('receiptFee')}</dt>
            <dd data-testid="receipt-fee">{`${formatFee(receipt.figures.fee, { asset: receipt.figures.feeAsset })} ${receipt.figures.feeAsset}`}</dd>
            <dt>{t('receiptReceive')}</dt>
            <dd className={styles.strong} data-testid="receipt-receive">{`≈ ${receipt.figures.receiveAsset === order.base ? formatQuoteAmount(receipt.figures.receive, amountDecimals) : formatMoney(receipt.figures.receive, { rounding: 'down' })} ${receipt.figures.receiveAsset}`}</dd>
          </>
        ) : (
          <>
            <dt>{expectedLabel}</dt>
            <dd data-testid="receipt-price">{formatQuotePrice(receipt.figures.expectedPrice, priceDecimals)}</dd>
            <dt>{t('receiptQuantity')}</dt>
            <dd data-testid="receipt-quantity">
              {forex
                ? t('forexLotsUnits', { lots: forex.lots, units: formatUnits(forex.units), base: order.base })
                : `${order.amount && order.kind === 'market' ? '≈ ' : ''}${formatQuoteAmount(order.quantity, amountDecimals)} ${order.base}`}
            </dd>
            {forex ? (
              <>
                <dt>{t('forexQuoteRate')}</dt>
                <dd data-testid="receipt-quote-rate">{`1 ${forex.quoteCurrency} = ${formatRate(forex.quoteRate)} ${order.quoteAsset}`}</dd>
              </>
            ) : null}
            <dt>{t('receiptNotional')}</dt>
            <dd data-testid="receipt-notional">{`${usdt(receipt.figures.notional)} ${order.quoteAsset}`}</dd>
            <dt>{t('receiptFee')}</dt>
            <dd data-testid="receipt-fee">{`${formatFee(receipt.figures.fee)} ${order.quoteAsset}`}</dd>
            {reduceOnly ? null : (
              // a reduce-only order holds no margin and opens nothing: no margin, cost or new liquidation price
              <>
                <dt>{t('receiptMargin')}</dt>
                <dd data-testid="receipt-margin">{`${usdt(receipt.figures.margin)} ${order.quoteAsset}`}</dd>
                <dt>{t('receiptCost')}</dt>
                <dd className={styles.strong} data-testid="receipt-cost">{`${usdt(receipt.figures.cost)} ${order.quoteAsset}`}</dd>
              </>
            )}
            <dt>{t('receiptMark')}</dt>
            <dd data-testid="receipt-mark">{formatQuotePrice(receipt.figures.markPrice, priceDecimals)}</dd>
            {reduceOnly ? null : (
              <>
                <dt>{t('receiptLiquidation')}</dt>
                <dd data-testid="receipt-liquidation">{`${price(receipt.figures.liquidationBefore)} → ${price(receipt.figures.liquidationAfter)}`}</dd>
                <dt>{t('receiptDistance')}</dt>
                <dd className={styles.strong} data-testid="receipt-distance">
                  {receipt.figures.distanceToLiquidation === null ? t('noLiquidation') : formatPercent(receipt.figures.distanceToLiquidation)}
                </dd>
              </>
            )}
            {forex?.pipValue ? (
              <>
                <dt>{t('forexPipValue')}</dt>
                <dd data-testid="receipt-pip-value">{`${formatRate(forex.pipValue)} ${order.quoteAsset}`}</dd>
              </>
            ) : null}
            {order.takeProfit ? (
              <>
                <dt>{t('takeProfitLabel')}</dt>
                <dd>{formatQuotePrice(order.takeProfit, priceDecimals)}</dd>
              </>
            ) : null}
            {order.stopLoss ? (
              <>
                <dt>{t('stopLossLabel')}</dt>
                <dd>{formatQuotePrice(order.stopLoss, priceDecimals)}</dd>
              </>
            ) : null}
          </>
        )}
      </dl>
      {order.advanced ? (
        <OrderTypeFacts side={order.side} kind={order.kind} advanced={order.advanced} price={order.price} current={order.watched ?? null} priceDecimals={priceDecimals} />
      ) : null}
      {receipt.kind === 'perp' && !receipt.figures.enough && !reduceOnly ? <p className={styles.error}>{t('marginAboveAvailable')}</p> : null}
      {order.kind === 'market' && !receipt.figures.bookCovers ? <p className={styles.note} data-testid="receipt-beyond-book">{t('receiptBeyondBook')}</p> : null}
      {receipt.kind === 'perp' && receipt.figures.marketable && order.price ? (
        // the book already crosses the limit: that part fills at once as taker, the rest rests (engine's rule)
        <p className={styles.note} data-testid="receipt-marketable">
          {t(new Decimal(receipt.figures.marketable.rest).gt(0) ? 'receiptMarketableLimit' : 'receiptMarketableLimitWhole', {
            limit: formatQuotePrice(order.price, priceDecimals),
            quantity: formatQuoteAmount(receipt.figures.marketable.quantity, amountDecimals),
            price: formatQuotePrice(receipt.figures.marketable.price, priceDecimals),
            rest: formatQuoteAmount(receipt.figures.marketable.rest, amountDecimals),
            coin: order.base,
          })}
        </p>
      ) : null}
      {/* a conditional order does nothing now: OrderTypeFacts says what it does when it fires */}
      {order.advanced && order.advanced.condition !== 'none' ? null : <p className={styles.note}>{t(order.kind === 'market' ? 'receiptMarketNote' : 'receiptLimitNote')}</p>}
    </Dialog>
  );
}
