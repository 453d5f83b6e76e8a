import { useT, type Key } from '../../i18n';
import { direction } from '../market/quotes';
import { formatSignedMoney } from './texts';
import styles from './trade.module.css';

/** The trade lists' small parts, shared by the phone cards (TradeLists) and the desktop tables (ListTables). */

export const detailUrl = (path: string, param: string, id: string) => `${path}?${param}=${encodeURIComponent(id)}`;

/** The side badge: colour plus the word (never colour alone). */
export function SideBadge({ side }: { side: 'buy' | 'sell' | 'long' | 'short' }) {
  const { t } = useT();
  const up = side === 'buy' || side === 'long';
  const text: Record<typeof side, Key> = { buy: 'sideBuy', sell: 'sideSell', long: 'sideLong', short: 'sideShort' };
  return <span className={`${styles.badge} ${up ? styles.badgeBuy : styles.badgeSell}`}>{t(text[side])}</span>;
}

/** A signed USDT amount in the colour of its sign. */
export function Signed({ value, suffix = '' }: { value: string; suffix?: string }) {
  const trend = direction(value);
  return (
    <span className={styles[trend]}>
      {formatSignedMoney(value)}
      {suffix}
    </span>
  );
}
