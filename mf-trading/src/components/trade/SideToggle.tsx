import { useT } from '../../i18n';
import type { OrderSide } from './rules';
import styles from './trade.module.css';

/**
 * The order side as one segmented control, green when buying (long), red when selling (short): the spot,
 * perpetual and forex forms share it so a side looks the same wherever it is chosen.
 */
export function SideToggle({ side, onChange, margin }: { side: OrderSide; onChange: (side: OrderSide) => void; margin: boolean }) {
  const { t } = useT();
  return (
    <div className={styles.segmented} role="group" aria-label={t('sideLabel')}>
      <button type="button" className={`${styles.segment} ${styles.buyOn}`} aria-pressed={side === 'buy'} onClick={() => onChange('buy')} data-testid="side-buy">
        {t(margin ? 'sideLong' : 'sideBuy')}
      </button>
      <button type="button" className={`${styles.segment} ${styles.sellOn}`} aria-pressed={side === 'sell'} onClick={() => onChange('sell')} data-testid="side-sell">
        {t(margin ? 'sideShort' : 'sideSell')}
      </button>
    </div>
  );
}
