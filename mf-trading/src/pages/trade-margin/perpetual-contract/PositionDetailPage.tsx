import Decimal from 'decimal.js';
import { useSearchParams } from 'react-router-dom';
import { perpetual } from '@meridian/contracts';
import { amountDecimals, formatFee, formatMoney, formatPercent, formatRate, NotFoundState, priceDecimals as coinPriceDecimals, QueryState, useApiQuery, formatQuoteAmount, formatQuotePrice, formatRecordTime, formatSignedFee, formatSignedMoney, formatSignedPercent, formatUnits } from '@meridian/shared';
import type { PositionDetail } from '../../../api/trading';
import { DetailScreen, FactList } from '../../../components/trade/DetailScreen';
import { FillEvidence } from '../../../components/trade/Evidence';
import { realisedParts } from '../../../components/trade/closedPosition';
import { useStatusText } from '../../../components/trade/texts';
import { useForexTerms } from '../../../components/forex/useForexConfig';
import { AdlIndicator } from '../../../components/trade/AdlIndicator';
import { useT, type Key } from '../../../i18n';
import { P } from '../../../paths';
import styles from '../../../components/trade/trade.module.css';

/** A signed figure in its colour: a P/L (cents) by default, a percentage or a funding payment (up to 4 decimals). */
function Signed({ value, suffix = '', as = formatSignedMoney }: { value: string; suffix?: string; as?: (value: string) => string }) {
  return <span className={styles[value.startsWith('-') ? 'down' : value === '0' ? 'flat' : 'up']}>{`${as(value)}${suffix}`}</span>;
}

/**
 * A closed position: what is true after the close — the realised P/L and the fees and funding inside it, entry and
 * exit, open and close times — and none of the live fields (mark, index, margin, unrealised P/L: all past).
 */
function ClosedFacts({ detail, price, size }: { detail: PositionDetail; price: (value: string) => string; size: (quantity: string) => string }) {
  const { t } = useT();
  const words = useStatusText();
  const p = detail.position;
  const parts = realisedParts(detail);
  // fees and funding keep up to 4 decimals (the figure rule), so the parts read as what was charged
  const paid = (fee: string) => <Signed value={new Decimal(fee).negated().toFixed()} suffix=" USDT" as={formatSignedFee} />;
  return (
    <>
      <FactList
        testId="position-facts"
        items={[
          ['colPositionId', p.id],
          ['colStatus', words(p.status)],
          ['colQuantity', size(p.quantity)],
          ['colEntry', price(p.entryPrice)],
          ['colExitPrice', p.closePrice ? price(p.closePrice) : '—'],
          ['colOpened', formatRecordTime(p.openedAt)],
          ['colCloseTime', p.closeTime ? formatRecordTime(p.closeTime) : '—'],
          ['colCloseType', p.closeType ? words(p.closeType) : '—'],
          ['colParentOrder', p.parentOrderId],
        ]}
      />
      <h3>{t('realisedTitle')}</h3>
      <FactList
        testId="position-realised"
        items={[
          ['colRealised', <strong><Signed value={p.realisedPnl} suffix=" USDT" /></strong>],
          ['colPnlPercent', <Signed value={p.pnlPercent} as={formatSignedPercent} />],
          ['realisedTrading', <Signed value={parts.trading} suffix=" USDT" />],
          ['realisedOpenFee', paid(parts.openFee)],
          ['realisedCloseFee', paid(parts.closeFee)],
          ['realisedFunding', <Signed value={parts.funding} suffix=" USDT" as={formatSignedFee} />],
        ]}
      />
      <p className={styles.note}>{t('realisedNote')}</p>
    </>
  );
}

/** Every field of a perpetual position, its fills with their recorded ticks and receipts, funding and liquidation. */
function PositionView({ detail }: { detail: PositionDetail }) {
  const { t } = useT();
  const words = useStatusText();
  const p = detail.position;
  // a forex position reads as on the forex tab: lots (units beside them) and the pair's decimals
  const fx = useForexTerms(p.symbol);
  const decimals = fx ? fx.priceDecimals : coinPriceDecimals(p.symbol);
  const price = (value: string) => formatQuotePrice(value, decimals);
  const size = (quantity: string) => (fx ? t('forexLotsUnits', { ...fx.lots(quantity), units: formatUnits(quantity) }) : formatQuoteAmount(quantity, amountDecimals(p.symbol)));
  return (
    <>
      <section className={styles.section}>
        <h2>{`${p.symbol} · ${t(p.side === 'long' ? 'sideLong' : 'sideShort')} · ${t('leverageValue', { leverage: String(p.leverage) })} · ${t(p.marginMode === 'cross' ? 'marginCross' : 'marginIsolated')}`}</h2>
        {p.status === 'open' ? (
          <FactList
            testId="position-facts"
            items={[
              ['colPositionId', p.id],
              ['colStatus', words(p.status)],
              ['colQuantity', size(p.quantity)],
              ['colEntry', price(p.entryPrice)],
              ['colMark', price(p.markPrice)],
              ['colIndex', price(p.indexPrice)],
              ['colLiquidation', p.liquidationPrice ? price(p.liquidationPrice) : t('noLiquidation')],
              ['colAdl', <AdlIndicator rank={p.adlRank} />],
              ['colMargin', `${formatMoney(p.margin)} USDT`],
              ['colMarginRatio', formatPercent(p.marginRatio)],
              ['colMaintenance', `${formatMoney(p.maintenanceMargin)} USDT`],
              // a valuation at the mark (exact on the wire, e.g. a forex pair's units × mark × conversion rate): cents
              ['colTotalValue', `${formatMoney(p.totalValue)} USDT`],
              ['colUnrealised', <Signed value={p.unrealisedPnl} suffix=" USDT" />],
              ['colRealised', <Signed value={p.realisedPnl} suffix=" USDT" />],
              ['colPnlPercent', <Signed value={p.pnlPercent} as={formatSignedPercent} />],
              ['colTp', p.takeProfit ? price(p.takeProfit) : '—'],
              ['colSl', p.stopLoss ? price(p.stopLoss) : '—'],
              ['colParentOrder', p.parentOrderId],
              ['colOpened', formatRecordTime(p.openedAt)],
              ['colCloseType', p.closeType ? words(p.closeType) : '—'],
              ['colClosePrice', p.closePrice ? price(p.closePrice) : '—'],
              ['colCloseTime', p.closeTime ? formatRecordTime(p.closeTime) : '—'],
            ]}
          />
        ) : (
          <ClosedFacts detail={detail} price={price} size={size} />
        )}
      </section>
      <section className={styles.section} data-testid="position-fills">
        <h2>{t('fillsTitle')}</h2>
        {detail.fills.length === 0 ? <p className={styles.muted}>{t('noFills')}</p> : null}
        {detail.fills.map((fill) => (
          <div key={fill.id} className={styles.row} data-testid="position-fill" data-close-type={fill.closeType ?? ''}>
            <FactList
              items={[
                // a closing fill (the whole or a part) says how and when it closed; an opening one what it was
                fill.closeType ? ['colCloseType', words(fill.closeType)] : ['colFillKind', words(fill.kind)],
                ['colQuantity', size(fill.quantity)],
                ['colFee', `${formatFee(fill.fee)} USDT`],
                ['colRealised', <Signed value={fill.realisedPnl} suffix=" USDT" />],
                [fill.closeType ? 'colCloseTime' : 'colTime', formatRecordTime(fill.createdAt)],
              ]}
            />
            <FillEvidence price={fill.price} evidence={fill.evidence} receiptHash={fill.receiptHash} priceDecimals={decimals} />
          </div>
        ))}
      </section>
      <section className={styles.section} data-testid="position-funding">
        <h2>{t('fundingTitle')}</h2>
        {detail.funding.length === 0 ? <p className={styles.muted}>{t('noFunding')}</p> : null}
        <ul className={styles.rows}>
          {detail.funding.map((payment) => (
            <li key={payment.id} className={styles.note}>
              {t('fundingRow', { time: formatRecordTime(payment.fundedAt), rate: formatRate(payment.rate), mark: price(payment.markPrice), quantity: size(payment.quantity) })} <Signed value={payment.amount} suffix=" USDT" as={formatSignedFee} />
              <br />
              <span className={styles.hash}>{payment.receiptHash}</span>
            </li>
          ))}
        </ul>
      </section>
      {detail.liquidation ? (
        <section className={styles.section}>
          <h2>{t('liquidationTitle')}</h2>
          <FactList
            items={[
              ['colMark', price(detail.liquidation.markPrice)],
              ['colToInsurance', `${formatMoney(detail.liquidation.toInsurance)} USDT`],
              ['colShortfall', `${formatMoney(detail.liquidation.shortfall)} USDT`],
              ['colTime', formatRecordTime(detail.liquidation.at)],
              ['receiptHashLabel', <span className={styles.hash}>{detail.liquidation.receiptHash}</span>],
            ]}
          />
        </section>
      ) : null}
    </>
  );
}

function PositionDetailScreen({ history }: { history: boolean }) {
  const { t } = useT();
  const [params] = useSearchParams();
  const positionId = params.get('positionId') ?? '';
  const known = /^\d+$/.test(positionId);
  const detail = useApiQuery(perpetual.detail, { positionId }, { enabled: known });
  // a forex position (the forex tab's lists link here: it runs on the same engine) is named and led back as one
  const forexPair = useForexTerms(detail.data?.position.symbol ?? '') !== null;
  const title: Key = forexPair ? (history ? 'forexHistoryDetailTitle' : 'forexPositionDetailTitle') : history ? 'perpetualHistoryDetailTitle' : 'perpetualPositionDetailTitle';
  return (
    <DetailScreen title={title} back={`${P.tradeMargin}?tab=${forexPair ? 'forex' : 'perp'}`}>
      <QueryState query={detail} errorTitle={t('detailFailed')} missing={!known} notFound={<NotFoundState />}>
        {(data) => <PositionView detail={data} />}
      </QueryState>
    </DetailScreen>
  );
}

/** /pages/trade-margin/perpetual-contract/position-detail?positionId= — an open (or any) position, live. */
export function PerpPositionDetailPage() {
  return <PositionDetailScreen history={false} />;
}

/** /pages/trade-margin/perpetual-contract/history-detail?positionId= — a closed position. */
export function PerpHistoryDetailPage() {
  return <PositionDetailScreen history />;
}
