import { formatQuotePrice, formatRecordTime } from '@meridian/shared';
import { useT } from '../../i18n';
import styles from './trade.module.css';

/**
 * What a fill used, in words: "filled at 64,223.99 — BTCUSDT ask at 23:15:04.120 UTC, simulated feed", with the
 * receipt's hash in the platform's chain (pnpm ops receipts verify checks it). A market order that walked several
 * book levels filled at their average, which is none of the tick's prices: the levels it took are listed too. An
 * auto-deleveraging fill says why it was closed: the bankrupt position, its bankruptcy price and the mark then.
 */
export function FillEvidence({
  price,
  evidence,
  receiptHash,
  priceDecimals,
}: {
  price: string;
  evidence: { symbol: string; feedTime: string; bid: string; ask: string; last: string; source: string; sideUsed: string; levels?: readonly (readonly [string, string])[]; reason?: string; bankruptcyPrice?: string; liquidatedPositionId?: string; markPrice?: string };
  receiptHash: string;
  priceDecimals: number | null;
}) {
  const { t } = useT();
  // evidence keeps full precision: every recorded digit (at least the instrument's decimals), only grouped
  const exact = (value: string) => formatQuotePrice(value, Math.max(priceDecimals ?? 0, value.split('.')[1]?.length ?? 0));
  const side: Record<string, string> = { bid: t('tickBid'), ask: t('tickAsk'), last: t('tickLast') };
  return (
    <div data-testid="fill-evidence">
      <p className={styles.evidence}>
        {t('filledAtEvidence', {
          price: exact(price),
          symbol: evidence.symbol,
          side: side[evidence.sideUsed] ?? evidence.sideUsed,
          time: formatRecordTime(evidence.feedTime),
          source: evidence.source === 'exchange' ? t('feedExchange') : t('feedSimulated'),
        })}
      </p>
      <p className={styles.note}>
        {t('tickQuote', { bid: exact(evidence.bid), ask: exact(evidence.ask), last: exact(evidence.last) })}
      </p>
      {evidence.reason === 'adl' && evidence.bankruptcyPrice && evidence.markPrice ? (
        <p className={styles.note} data-testid="fill-adl">
          {t('adlEvidence', { price: exact(evidence.bankruptcyPrice), position: evidence.liquidatedPositionId ?? '—', mark: exact(evidence.markPrice) })}
        </p>
      ) : null}
      {evidence.levels && evidence.levels.length > 1 ? (
        <p className={styles.note} data-testid="fill-levels">
          {t('walkedLevels', {
            count: String(evidence.levels.length),
            levels: evidence.levels.map(([levelPrice, quantity]) => `${quantity} @ ${exact(levelPrice)}`).join(', '),
          })}
        </p>
      ) : null}
      <p className={styles.note}>
        {t('receiptHashLabel')} <span className={styles.hash}>{receiptHash}</span>
      </p>
    </div>
  );
}
