import { useT } from '../../i18n';
import { formatQuotePrice } from '../market/quotes';
import { formatTime } from './texts';
import styles from './trade.module.css';

/**
 * What a fill used, in words: "filled at 64,223.99 — BTCUSDT ask at 23:15:04.120 UTC, simulated feed", with the
 * receipt's hash in the platform's chain (pnpm ops receipts verify checks it). A market order that walked several
 * book levels filled at their average, which is none of the tick's prices: the levels it took are listed too.
 */
export function FillEvidence({
  price,
  evidence,
  receiptHash,
  priceDecimals,
}: {
  price: string;
  evidence: { symbol: string; feedTime: string; bid: string; ask: string; last: string; source: string; sideUsed: string; levels?: readonly (readonly [string, string])[] };
  receiptHash: string;
  priceDecimals: number | null;
}) {
  const { t } = useT();
  const side: Record<string, string> = { bid: t('tickBid'), ask: t('tickAsk'), last: t('tickLast') };
  return (
    <div data-testid="fill-evidence">
      <p className={styles.evidence}>
        {t('filledAtEvidence', {
          price: formatQuotePrice(price, priceDecimals),
          symbol: evidence.symbol,
          side: side[evidence.sideUsed] ?? evidence.sideUsed,
          time: formatTime(evidence.feedTime),
          source: evidence.source === 'exchange' ? t('feedExchange') : t('feedSimulated'),
        })}
      </p>
      <p className={styles.note}>
        {t('tickQuote', { bid: formatQuotePrice(evidence.bid, priceDecimals), ask: formatQuotePrice(evidence.ask, priceDecimals), last: formatQuotePrice(evidence.last, priceDecimals) })}
      </p>
      {evidence.levels && evidence.levels.length > 1 ? (
        <p className={styles.note} data-testid="fill-levels">
          {t('walkedLevels', {
            count: String(evidence.levels.length),
            levels: evidence.levels.map(([levelPrice, quantity]) => `${quantity} @ ${formatQuotePrice(levelPrice, priceDecimals)}`).join(', '),
          })}
        </p>
      ) : null}
      <p className={styles.note}>
        {t('receiptHashLabel')} <span className={styles.hash}>{receiptHash}</span>
      </p>
    </div>
  );
}
