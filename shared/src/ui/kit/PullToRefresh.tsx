import { useRef, useState, type ReactNode, type TouchEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, EmptyState, ErrorState, Spinner } from '../components';
import { KIT_NAMESPACE } from './texts';
import styles from './kit.module.css';

/** How far (px) a pull must travel before releasing it refreshes. */
export const PULL_THRESHOLD = 64;

export interface PullToRefreshProps {
  /** Reloads the list; the spinner shows until it settles. A rejection is left to the caller's error state. */
  onRefresh: () => Promise<unknown>;
  /** Names the list region for assistive technology. */
  label: string;
  /** First load: a spinner instead of the content. */
  loading?: boolean;
  /** A failed load: the error state with a retry that refreshes. */
  error?: boolean;
  errorTitle?: string;
  /** No items: the empty state (with its optional title). */
  empty?: boolean;
  emptyTitle?: string;
  threshold?: number;
  children?: ReactNode;
}

/**
 * A list container that refreshes when pulled down from its top on touch screens, with a compact "Refresh"
 * button doing the same for keyboard and mouse users (pulling is not possible for everyone). On phones (a
 * narrow touch screen) the button is hidden: pulling and the live streams refresh there, and a lone button
 * took a full row above every list. A refresh never starts while one is running.
 */
export function PullToRefresh({
  onRefresh,
  label,
  loading,
  error,
  errorTitle,
  empty,
  emptyTitle,
  threshold = PULL_THRESHOLD,
  children,
}: PullToRefreshProps) {
  const { t } = useTranslation(KIT_NAMESPACE);
  const [refreshing, setRefreshing] = useState(false);
  const [pull, setPull] = useState(0);
  const scroller = useRef<HTMLDivElement>(null);
  // refs, not state: touch events arrive faster than renders, and the guard must hold between them
  const startY = useRef<number | null>(null);
  const running = useRef(false);
  const pulled = useRef(0);

  const refresh = async () => {
    if (running.current) return;
    running.current = true;
    setRefreshing(true);
    try {
      await onRefresh();
    } catch {
      // the API client has already toasted; the caller shows its error state from its own data
    } finally {
      running.current = false;
      setRefreshing(false);
    }
  };

  const onTouchStart = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    // only a pull that starts at the very top; elsewhere the finger is scrolling the list
    if (!touch || running.current || (scroller.current?.scrollTop ?? 0) > 0) {
      startY.current = null;
      return;
    }
    startY.current = touch.clientY;
  };

  const onTouchMove = (event: TouchEvent<HTMLDivElement>) => {
    const touch = event.touches[0];
    if (startY.current === null || !touch) return;
    // capped so the indicator does not slide away; an upward move cancels the pull
    pulled.current = Math.max(0, Math.min(touch.clientY - startY.current, threshold * 1.5));
    setPull(pulled.current);
  };

  const endPull = () => {
    const distance = pulled.current;
    startY.current = null;
    pulled.current = 0;
    setPull(0);
    return distance;
  };

  const onTouchEnd = () => {
    if (endPull() >= threshold) void refresh();
  };

  let content: ReactNode;
  if (loading) content = <Spinner />;
  else if (error) content = <ErrorState title={errorTitle} onRetry={() => void refresh()} />;
  else if (empty) content = <EmptyState title={emptyTitle} />;
  else content = children;

  return (
    <section className={styles.refreshList} aria-label={label} aria-busy={refreshing || loading ? true : undefined}>
      <div className={styles.refreshBar}>
        <Button variant="secondary" className={styles.refreshButton} onClick={() => void refresh()} disabled={refreshing}>
          {refreshing ? t('refreshing') : t('refresh')}
        </Button>
      </div>
      <div
        ref={scroller}
        className={styles.refreshScroller}
        onTouchStart={onTouchStart}
        onTouchMove={onTouchMove}
        onTouchEnd={onTouchEnd}
        onTouchCancel={() => void endPull()}
      >
        {/* the pull hint is for sighted touch users; the button above is the accessible way */}
        {pull > 0 ? (
          <div className={styles.pullHint} style={{ height: pull }} aria-hidden="true" data-testid="pull-hint">
            {pull >= threshold ? t('releaseToRefresh') : t('pullToRefresh')}
          </div>
        ) : null}
        {refreshing && !loading ? <Spinner label={t('refreshing')} /> : null}
        {content}
      </div>
    </section>
  );
}
