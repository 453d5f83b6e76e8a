import { useSearchParams } from 'react-router-dom';
import { trading } from '@meridian/contracts';
import { amountDecimals, formatBalance, formatFee, formatMoney, NotFoundState, priceDecimals, QueryState, useApiQuery, formatQuoteAmount, formatQuotePrice, formatRecordTime } from '@meridian/shared';
import { DetailScreen, FactList } from '../../../components/trade/DetailScreen';
import { FillEvidence } from '../../../components/trade/Evidence';
import { useStatusText } from '../../../components/trade/texts';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import styles from '../../../components/trade/trade.module.css';

/** /pages/trade-margin/spot/order-detail?orderId= — every field of a spot order, its fills with their ticks, its receipts. */
export function SpotOrderDetailPage() {
  const { t } = useT();
  const status = useStatusText();
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const known = /^\d+$/.test(orderId);
  const detail = useApiQuery(trading.spotDetail, { orderId }, { enabled: known });
  return (
    <DetailScreen title="spotOrderDetailTitle" back={`${P.tradeMargin}?tab=spot`}>
      <QueryState query={detail} errorTitle={t('detailFailed')} missing={!known} notFound={<NotFoundState />}>
        {(order) => (
          <>
            <section className={styles.section}>
              <h2>{`${order.symbol} · ${t(order.side === 'buy' ? 'sideBuy' : 'sideSell')} · ${t(order.type === 'limit' ? 'orderLimit' : 'orderMarket')}`}</h2>
              <FactList
                testId="order-facts"
                items={[
                  ['colOrderId', order.id],
                  ['colStatus', status(order.status)],
                  ['colQuantity', order.quantity ? formatQuoteAmount(order.quantity, amountDecimals(order.symbol)) : '—'],
                  ['colAmount', order.amount ? `${formatMoney(order.amount)} ${order.quote}` : '—'],
                  ['colPrice', order.price ? formatQuotePrice(order.price, priceDecimals(order.symbol)) : t('orderMarket')],
                  ['colDone', formatQuoteAmount(order.doneQuantity, amountDecimals(order.symbol))],
                  ['colDonePrice', order.donePrice ? formatQuotePrice(order.donePrice, priceDecimals(order.symbol)) : '—'],
                  ['colAveragePrice', order.averagePrice ? formatQuotePrice(order.averagePrice, priceDecimals(order.symbol)) : '—'],
                  ['colMarketValue', `${formatMoney(order.marketValue)} ${order.quote}`],
                  ['colFee', `${formatFee(order.fee, { asset: order.feeAsset })} ${order.feeAsset}`],
                  ['colFeeRates', t('feeRates', { maker: order.makerFeeRate, taker: order.takerFeeRate })],
                  ['colFrozen', `${formatBalance(order.frozen, order.frozenAsset)} ${order.frozenAsset}`],
                  ['colTime', formatRecordTime(order.createdAt)],
                  ['colFinished', order.finishedAt ? formatRecordTime(order.finishedAt) : '—'],
                  ['colRequestId', <span className={styles.hash}>{order.requestId}</span>],
                ]}
              />
            </section>
            <section className={styles.section} data-testid="order-fills">
              <h2>{t('fillsTitle')}</h2>
              {order.fills.length === 0 ? <p className={styles.muted}>{t('noFills')}</p> : null}
              {order.fills.map((fill) => (
                <div key={fill.id} className={styles.row}>
                  <FactList
                    items={[
                      ['colQuantity', formatQuoteAmount(fill.quantity, amountDecimals(order.symbol))],
                      ['colValue', `${formatMoney(fill.value)} ${order.quote}`],
                      ['colFee', `${formatFee(fill.fee, { asset: fill.feeAsset })} ${fill.feeAsset} (${fill.liquidity === 'maker' ? t('liquidityMaker') : t('liquidityTaker')})`],
                      ['colTime', formatRecordTime(fill.time)],
                      ['colLevels', fill.evidence.levels.map(([price, quantity]) => `${quantity} @ ${price}`).join(', ')],
                    ]}
                  />
                  <FillEvidence price={fill.price} evidence={fill.evidence} receiptHash={fill.receiptHash} priceDecimals={priceDecimals(order.symbol)} />
                </div>
              ))}
            </section>
            {order.receipts.length > 0 ? (
              <section className={styles.section}>
                <h2>{t('receiptsTitle')}</h2>
                <ul className={styles.rows}>
                  {order.receipts.map((receipt) => (
                    <li key={receipt.seq} className={styles.note}>
                      {`#${receipt.seq} · ${receipt.kind} · ${formatRecordTime(receipt.createdAt)}`}
                      <br />
                      <span className={styles.hash}>{receipt.hash}</span>
                      <br />
                      {t('prevHashLabel')} <span className={styles.hash}>{receipt.prevHash}</span>
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </>
        )}
      </QueryState>
    </DetailScreen>
  );
}
