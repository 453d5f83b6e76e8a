import { useSearchParams } from 'react-router-dom';
import { trading } from '@meridian/contracts';
import { formatMoney, NotFoundState, QueryState, useApiPaged, useApiQuery, formatQuoteAmount, formatQuotePrice, formatRecordTime, formatSignedMoney, formatSignedPercent } from '@meridian/shared';
import { type SpotOrder } from '../../../api/trading';
import { DetailScreen, FactList } from '../../../components/trade/DetailScreen';
import { useStatusText } from '../../../components/trade/texts';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import styles from '../../../components/trade/trade.module.css';

/**
 * /pages/trade-margin/spot/position-detail?asset= (and the desktop one) — one coin held in the spot wallet: quantity,
 * average cost, value at the live bid and unrealised P/L, with the finished orders of its market.
 */
export function SpotPositionDetailPage({ back = `${P.tradeMargin}?tab=spot` }: { back?: string }) {
  const { t } = useT();
  const status = useStatusText();
  const [params] = useSearchParams();
  const asset = (params.get('asset') ?? '').toUpperCase();
  const holdings = useApiQuery(trading.spotHoldings, {});
  const holding = holdings.data?.find((item) => item.asset === asset);
  const history = useApiPaged(trading.spotHistory, { symbol: holding?.symbol || undefined }, { enabled: Boolean(holding) });
  return (
    <DetailScreen title="spotPositionDetailTitle" back={back}>
      {/* without an asset the sentence would read "No  in your spot wallet." */}
      <QueryState query={holdings} errorTitle={t('detailFailed')} missing={asset === ''} notFound={<NotFoundState />} isEmpty={(rows) => !rows.some((row) => row.asset === asset)} emptyTitle={t('holdingNotFound', { asset })}>
        {() =>
          holding ? (
            <>
              <section className={styles.section}>
                <h2>{`${holding.asset} · ${holding.symbol}`}</h2>
                <FactList
                  testId="holding-facts"
                  items={[
                    ['colQuantity', formatQuoteAmount(holding.quantity, holding.amountDecimals)],
                    ['availableLabel', formatQuoteAmount(holding.available, holding.amountDecimals)],
                    ['colFrozen', formatQuoteAmount(holding.frozen, holding.amountDecimals)],
                    ['colAverageCost', holding.averageCost ? formatQuotePrice(holding.averageCost, holding.priceDecimals) : '—'],
                    ['colCostValue', `${formatMoney(holding.costValue)} USDT`],
                    ['colPrice', formatQuotePrice(holding.price, holding.priceDecimals)],
                    ['colMarketValue', `${formatMoney(holding.marketValue)} USDT`],
                    ['colPnl', <span className={styles[holding.unrealisedPnl.startsWith('-') ? 'down' : 'up']}>{`${formatSignedMoney(holding.unrealisedPnl)} USDT${holding.unrealisedPnlPercent ? ` (${formatSignedPercent(holding.unrealisedPnlPercent)})` : ''}`}</span>],
                  ]}
                />
                <p className={styles.note}>{t('holdingValuedAtBid')}</p>
              </section>
              <section className={styles.section}>
                <h2>{t('tabHistory')}</h2>
                {history.items.length === 0 ? <p className={styles.muted}>{t('noHistory')}</p> : null}
                <ul className={styles.rows}>
                  {history.items.map((order: SpotOrder) => (
                    <li key={order.id} className={styles.note}>
                      <a href={`${P.spotOrderDetail}?orderId=${order.id}`}>{`${formatRecordTime(order.createdAt)} · ${t(order.side === 'buy' ? 'sideBuy' : 'sideSell')} ${formatQuoteAmount(order.doneQuantity, holding.amountDecimals)} @ ${order.averagePrice ? formatQuotePrice(order.averagePrice, holding.priceDecimals) : '—'} · ${status(order.status)}`}</a>
                    </li>
                  ))}
                </ul>
              </section>
            </>
          ) : null
        }
      </QueryState>
    </DetailScreen>
  );
}
