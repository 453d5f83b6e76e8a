import type { ReactNode } from 'react';
import { Button, EmptyState, ErrorState, Spinner, type PagedQuery, formatSignedMoney, formatSignedPercent } from '@meridian/shared';
import { useT, type Key } from '../../i18n';
import { direction } from '../market/quotes';
import type { SpotHolding } from '../../api/trading';
import styles from './trade.module.css';

/** The trade lists' small parts, shared by the phone cards (TradeLists), the desktop tables (ListTables) and the forex and seconds lists. */

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

/** A card's label and value pairs. */
export function Facts({ items }: { items: Array<[Key, ReactNode]> }) {
  const { t } = useT();
  return (
    <dl className={styles.rowFacts}>
      {items.map(([label, value]) => (
        <div key={label}>
          <dt>{t(label)}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A spot holding's card head: the coin (a link: the trade screen's or, in another remote, the shared one) and its P&L. */
export function HoldingHead({ holding, title }: { holding: SpotHolding; title: ReactNode }) {
  return (
    <div className={styles.rowHead}>
      {title}
      <Signed value={holding.unrealisedPnl} suffix={holding.unrealisedPnlPercent ? ` (${formatSignedPercent(holding.unrealisedPnlPercent)})` : ''} />
    </div>
  );
}

/** The list tabs, each with its count once known. */
export function Tabs<T extends string>({
  tabs,
  current,
  onChange,
  label,
  counts,
}: {
  tabs: Array<[T, Key]>;
  current: T;
  onChange: (tab: T) => void;
  label: string;
  /** Rows behind each tab, shown in its label ("Positions (1)") once known. */
  counts?: Partial<Record<T, number>>;
}) {
  const { t } = useT();
  return (
    <div className={styles.tabs} role="tablist" aria-label={label}>
      {tabs.map(([tab, text]) => (
        <button key={tab} type="button" role="tab" className={styles.tab} aria-selected={tab === current} onClick={() => onChange(tab)} data-testid={`list-tab-${tab}`}>
          {counts ? <TabLabel text={t(text)} count={counts[tab]} /> : t(text)}
        </button>
      ))}
    </div>
  );
}

/**
 * A list tab's name and how many rows it holds ("Positions (1)"). The count's room is kept while it loads, so the
 * count arriving moves no tab beside it (the trade screen's layout-shift test).
 */
export function TabLabel({ text, count }: { text: string; count: number | undefined }) {
  return (
    <>
      {text} <span className={styles.tabCount}>{count === undefined ? '' : `(${count})`}</span>
    </>
  );
}

/** A server-paged list: loading, failed (with retry), empty, or its rows with "load more". */
export function PagedRows<T>({
  list,
  empty,
  children,
  table,
}: {
  list: PagedQuery<T>;
  empty: Key;
  children: (item: T) => ReactNode;
  /** The desktop's table of the rows loaded so far, in place of the phone's cards. */
  table?: (items: T[]) => ReactNode;
}) {
  const { t } = useT();
  if (list.loading) return <Spinner />;
  if (list.error) return <ErrorState title={t('listFailed')} onRetry={() => void list.refresh()} />;
  if (list.items.length === 0) return <EmptyState title={t(empty)} />;
  return (
    <>
      {table ? table(list.items) : <ul className={styles.rows}>{list.items.map((item) => children(item))}</ul>}
      {list.hasMore ? (
        <Button variant="secondary" className={styles.more} disabled={list.loadingMore} onClick={() => void list.loadMore()}>
          {t('loadMore')}
        </Button>
      ) : null}
    </>
  );
}
