import { useId, useState } from 'react';
import { useT } from '../../i18n';
import styles from './trade.module.css';

const LIGHTS = [1, 2, 3, 4, 5] as const;

/**
 * A position's auto-deleveraging rank as five small lights (the server's `adlRank`, 1–5: the quintile of its place in
 * its symbol and side's ADL queue, 5 = among the first closed when the insurance fund cannot cover a bankrupt
 * opposite position). The lights are one image to assistive technology, named by its rank; pressing it shows what
 * the rank means (a tooltip on hover too). Nothing for a position without a rank (closed).
 */
export function AdlIndicator({ rank }: { rank: number | null | undefined }) {
  const { t } = useT();
  const [open, setOpen] = useState(false);
  const help = useId();
  if (rank == null) return null;
  const label = t('adlRankLabel', { rank: String(rank) });
  return (
    <span className={styles.adl}>
      <button
        type="button"
        className={styles.adlButton}
        aria-label={label}
        aria-expanded={open}
        aria-controls={help}
        title={t('adlRankHelp')}
        onClick={() => setOpen((shown) => !shown)}
        data-testid="adl-indicator"
        data-rank={rank}
      >
        <span className={styles.adlName} aria-hidden="true">
          {t('adlShort')}
        </span>
        <span className={styles.adlLights} aria-hidden="true">
          {LIGHTS.map((light) => (
            <span key={light} className={light <= rank ? `${styles.adlLight} ${styles.adlLit}` : styles.adlLight} data-lit={light <= rank} />
          ))}
        </span>
      </button>
      {open ? (
        <span id={help} role="note" className={styles.adlHelp} data-testid="adl-help">
          {t('adlRankHelp')}
        </span>
      ) : null}
    </span>
  );
}
