import { useSearchParams } from 'react-router-dom';
import { seconds } from '@meridian/contracts';
import { formatMoney, formatPercentNumber, percentOf, NotFoundState, priceDecimals, QueryState, useApiQuery, formatQuotePrice, formatRecordTime, formatSignedMoney } from '@meridian/shared';
import { ContractChart } from '../../../components/seconds/ContractChart';
import { useDurationText } from '../../../components/seconds/Disclosure';
import { DirectionBadge, EndBadge } from '../../../components/seconds/SecondsLists';
import type { SecondsDetail } from '../../../components/seconds/terms';
import { DetailScreen, FactList } from '../../../components/trade/DetailScreen';
import { direction as trendOf } from '../../../components/market/quotes';
import { useT } from '../../../i18n';
import { P } from '../../../paths';
import styles from '../../../components/trade/trade.module.css';

type Tick = SecondsDetail['openTick'];

/** A recorded tick in words: "64223.99 — BTCUSDT last price at 2026-01-01 12:00:01.120 UTC, simulated feed", with its bid/ask and receipt. */
function TickEvidence({ which, tick, receiptHash }: { which: 'open' | 'close'; tick: Tick; receiptHash: string | null }) {
  const { t } = useT();
  return (
    <div className={styles.row} data-testid={`seconds-${which}-tick`}>
      <p className={styles.evidence} data-testid={`seconds-${which}-evidence`}>
        {t(which === 'open' ? 'secondsOpenedAtEvidence' : 'secondsClosedAtEvidence', {
          price: tick.price,
          symbol: tick.symbol,
          time: formatRecordTime(tick.feedTime),
          source: tick.source === 'exchange' ? t('feedExchange') : t('feedSimulated'),
        })}
      </p>
      <p className={styles.note}>{t('tickQuote', { bid: tick.bid, ask: tick.ask, last: tick.price })}</p>
      {receiptHash ? (
        <p className={styles.note}>
          {t('receiptHashLabel')}{' '}
          <span className={styles.hash} data-testid={`seconds-${which}-receipt`}>
            {receiptHash}
          </span>
        </p>
      ) : null}
    </div>
  );
}

/** Every field of a contract, its opening and closing ticks with their receipts, and the K-line around them. */
function ContractView({ detail }: { detail: SecondsDetail }) {
  const { t } = useT();
  const durationText = useDurationText();
  const c = detail.contract;
  return (
    <>
      <section className={styles.section}>
        <h2 className={styles.rowHead}>
          {c.symbol} <DirectionBadge direction={c.direction} /> <span className={styles.badge}>{durationText(c.duration)}</span>
          <EndBadge contract={c} />
        </h2>
        <FactList
          testId="seconds-facts"
          items={[
            ['secondsContractId', c.id],
            ['colStatus', t(c.status === 'open' ? 'statusOpen' : c.status === 'refunded' ? 'secondsStatusRefunded' : 'secondsStatusSettled')],
            ['secondsDirection', t(c.direction === 'up' ? 'secondsUp' : 'secondsDown')],
            ['secondsStake', `${formatMoney(c.stake)} ${c.asset}`],
            ['secondsDuration', durationText(c.duration)],
            ['secondsPayoutRatio', `${formatPercentNumber(percentOf(c.payoutRatio), { minDecimals: 0 })} % (${c.payoutRatio})`],
            ['secondsTermsVersion', t('secondsTermsVersionValue', { product: c.productId, version: String(c.productVersion) })],
            ['secondsOpenPrice', formatQuotePrice(c.openPrice, priceDecimals(c.symbol))],
            ['secondsClosePrice', c.closePrice ? formatQuotePrice(c.closePrice, priceDecimals(c.symbol)) : '—'],
            ['secondsOpenedAt', formatRecordTime(c.openedAt)],
            ['secondsExpiresAt', formatRecordTime(c.expiresAt)],
            ['secondsSettledAt', c.settledAt ? formatRecordTime(c.settledAt) : '—'],
            ['secondsResult', c.status === 'refunded' ? t('secondsRefundedNoPrice') : c.outcome ? t(c.outcome === 'win' ? 'secondsWon' : c.outcome === 'loss' ? 'secondsLost' : 'secondsTie') : '—'],
            ['secondsPayout', c.payout !== null ? `${formatMoney(c.payout)} ${c.asset}` : '—'],
            ['secondsNet', c.pnl !== null ? <span className={styles[trendOf(c.pnl)]}>{`${formatSignedMoney(c.pnl)} ${c.asset}`}</span> : '—'],
          ]}
        />
      </section>
      <section className={styles.section} data-testid="seconds-evidence">
        <h2>{t('secondsEvidenceTitle')}</h2>
        <TickEvidence which="open" tick={detail.openTick} receiptHash={detail.openReceiptHash} />
        {detail.closeTick ? (
          <TickEvidence which="close" tick={detail.closeTick} receiptHash={detail.settleReceiptHash} />
        ) : c.status === 'refunded' ? (
          <p className={styles.muted} data-testid="seconds-refunded">
            {t('secondsRefundedNoPrice')}
          </p>
        ) : (
          <p className={styles.muted} data-testid="seconds-not-settled">
            {t('secondsNotSettled', { time: formatRecordTime(c.expiresAt) })}
          </p>
        )}
      </section>
      <section className={styles.section}>
        <h2>{t('secondsChartTitle')}</h2>
        <ContractChart detail={detail} />
      </section>
    </>
  );
}

/**
 * /pages/trade-margin/seconds-contract/detail?id= (and the desktop grid's own address) — a seconds contract with the
 * evidence it opened and settled on.
 */
export function SecondsDetailPage({ back = `${P.tradeMargin}?tab=seconds` }: { back?: string }) {
  const { t } = useT();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const known = /^\d+$/.test(id);
  const detail = useApiQuery(seconds.detail, { id }, { enabled: known });
  return (
    <DetailScreen title="secondsDetailTitle" back={back}>
      <QueryState query={detail} errorTitle={t('detailFailed')} missing={!known} notFound={<NotFoundState />}>
        {(data) => <ContractView detail={data} />}
      </QueryState>
    </DetailScreen>
  );
}
