import { useT } from '../../i18n';
import { direction as trendOf } from '../market/quotes';
import type { CloseEstimate } from './closeEstimate';
import { formatFee, formatQuotePrice, formatSignedMoney } from '@meridian/shared';
import styles from './trade.module.css';

/**
 * The close sheet's receipt for the size chosen: the price the close is expected to fill at, the P/L at that price,
 * the closing fee and the P/L net of it. Before a valid size, a dash in each place (the sheet keeps its height).
 */
export function CloseEstimateFacts({ estimate, priceDecimals }: { estimate: CloseEstimate | null; priceDecimals: number | null }) {
  const { t } = useT();
  const rows: Array<[string, string, string | null, string?]> = [
    ['price', t('closeExpectedPrice'), estimate ? formatQuotePrice(estimate.price, priceDecimals) : null],
    ['pnl', t('closeEstimatedPnl'), estimate ? `${formatSignedMoney(estimate.pnl)} USDT` : null, estimate?.pnl],
    ['fee', t('closeEstimatedFee'), estimate?.fee ? `${formatFee(estimate.fee)} USDT` : null],
    ['net', t('closeEstimatedNet'), estimate ? `${formatSignedMoney(estimate.net)} USDT` : null, estimate?.net],
  ];
  return (
    <div data-testid="close-estimate">
      <dl className={styles.facts}>
        {rows.map(([id, label, value, signed]) => (
          <div key={id} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd data-testid={`close-estimate-${id}`} className={`${id === 'net' ? styles.strong : ''} ${signed ? styles[trendOf(signed)] : ''}`.trim() || undefined}>
              {value ?? '—'}
            </dd>
          </div>
        ))}
      </dl>
      {estimate?.bookCovers === false ? <p className={styles.note}>{t('closeBookThin')}</p> : null}
      {estimate && estimate.fee === null ? <p className={styles.note}>{t('closeFeeUnknown')}</p> : null}
      <p className={styles.note}>{t('closeEstimateNote')}</p>
    </div>
  );
}
