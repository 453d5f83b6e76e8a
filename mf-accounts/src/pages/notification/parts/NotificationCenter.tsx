import * as contracts from '@meridian/contracts';
import { useEffect, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { queryOf, PullToRefresh, REDIRECT_PARAM, useIsLoggedIn, useApiMutation, formatScreenTime } from '@meridian/shared';
import { LoadMore } from '../../../components/money/parts';
import { type Stale, useNews, useNotifications, useUnreadCount } from '../../../api/queries';
import { useT } from '../../../i18n';
import { useNotificationText } from './kinds';
import { useNotificationPaths, type NotificationTab } from './paths';
import styles from '../notification.module.css';

/**
 * The two tabs: the user's notifications (unread ones marked, "mark all read") and the news. The tab is in the
 * address (?tab=news). A visitor starts on the news and is asked to log in for the notifications.
 */
export function NotificationCenter({ selectedId }: { selectedId?: string | null }) {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const [search, setSearch] = useSearchParams();
  const raw = search.get('tab');
  const tab: NotificationTab = raw === 'news' || raw === 'notifications' ? raw : loggedIn ? 'notifications' : 'news';
  const unread = useUnreadCount(loggedIn);
  const client = useQueryClient();

  const choose = (next: NotificationTab) => {
    const params = new URLSearchParams();
    params.set('tab', next);
    setSearch(params, { replace: true });
  };
  const count = unread.data ?? 0;

  return (
    <div className={styles.stack}>
      <div className={styles.tabs} role="tablist" aria-label={t('notiTabsLabel')}>
        <button type="button" role="tab" className={styles.tab} aria-selected={tab === 'notifications'} onClick={() => choose('notifications')} data-testid="noti-tab-notifications">
          {t('notiTabNotifications')}
          {loggedIn && count > 0 ? (
            <span className={styles.count} data-testid="noti-unread-count" aria-label={t('notiUnreadCount', { count: String(count) })}>
              {count > 99 ? '99+' : count}
            </span>
          ) : null}
        </button>
        <button type="button" role="tab" className={styles.tab} aria-selected={tab === 'news'} onClick={() => choose('news')} data-testid="noti-tab-news">
          {t('notiTabNews')}
        </button>
      </div>
      {tab === 'news' ? (
        <NewsList selectedId={selectedId} />
      ) : loggedIn ? (
        <NotificationList unread={count} onAllRead={() => client.setQueryData(queryOf(contracts.notifications.unreadCount).queryKey, { count: 0 })} selectedId={selectedId} />
      ) : (
        <LoginPrompt />
      )}
    </div>
  );
}

function LoginPrompt() {
  const { t } = useT();
  const paths = useNotificationPaths();
  const { pathname, search } = useLocation();
  return (
    <div className={styles.banner} data-testid="noti-login">
      <p>{t('notiLoginText')}</p>
      <Link to={`${paths.login}?${REDIRECT_PARAM}=${encodeURIComponent(`${pathname}${search}`)}`}>{t('loanLoginLink')}</Link>
    </div>
  );
}

function NotificationList({ unread, onAllRead, selectedId }: { unread: number; onAllRead: () => void; selectedId?: string | null }) {
  const { t } = useT();
  const text = useNotificationText();
  const paths = useNotificationPaths();
  // the list and every unread count (the shell's bell too) read again behind the answer
  const { busy, run } = useApiMutation(contracts.notifications.readAll, { invalidates: ['NOTIFICATION'] satisfies Stale[] });
  const list = useNotifications();
  const [allRead, setAllRead] = useState(false);
  // "all read" shows at once; the server's answer replaces it when the list reloads
  const items = list.items;
  useEffect(() => setAllRead(false), [items]);

  const markAll = async () => {
    const done = await run(undefined);
    if (!done) return;
    setAllRead(true);
    onAllRead();
  };

  return (
    <div className={styles.stack}>
      <div className={styles.toolbar}>
        <p className={styles.muted}>{unread > 0 ? t('notiUnreadCount', { count: String(unread) }) : t('notiAllReadText')}</p>
        <button type="button" className={styles.linkButton} onClick={() => void markAll()} disabled={busy || unread === 0} data-testid="noti-mark-all">
          {t('notiMarkAllRead')}
        </button>
      </div>
      <PullToRefresh
        label={t('notiTabNotifications')}
        onRefresh={list.refresh}
        loading={list.loading}
        error={list.error && list.items.length === 0}
        errorTitle={t('notiLoadFailed')}
        empty={list.items.length === 0}
        emptyTitle={t('notiEmpty')}
      >
        <ul className={styles.list} data-testid="noti-list">
          {list.items.map((item) => {
            const read = item.read || allRead;
            const { title, body } = text(item);
            return (
              <li key={item.id} data-testid={`noti-${item.id}`} data-read={read}>
                <Link
                  className={[styles.item, read ? styles.read : ''].filter(Boolean).join(' ')}
                  to={paths.detail('notification', item.id)}
                  aria-current={selectedId === item.id ? 'page' : undefined}
                >
                  <span className={styles.dot} aria-hidden="true" />
                  <p className={styles.itemTitle}>
                    {read ? null : <span className={styles.visuallyHidden}>{t('notiUnread')} </span>}
                    {title}
                  </p>
                  <p className={styles.itemBody}>{body}</p>
                  <p className={styles.itemTime}>{formatScreenTime(item.createdAt, 'utc', { upTo: 'minute', zoneLabel: true })}</p>
                </Link>
              </li>
            );
          })}
        </ul>
        <LoadMore visible={list.hasMore} busy={list.loadingMore} failed={list.moreFailed} onMore={() => void list.loadMore()} />
      </PullToRefresh>
    </div>
  );
}

function NewsList({ selectedId }: { selectedId?: string | null }) {
  const { t } = useT();
  const paths = useNotificationPaths();
  const news = useNews();
  return (
    <PullToRefresh
      label={t('notiTabNews')}
      onRefresh={news.refresh}
      loading={news.loading}
      error={news.error && news.items.length === 0}
      errorTitle={t('notiNewsLoadFailed')}
      empty={news.items.length === 0}
      emptyTitle={t('notiNewsEmpty')}
    >
      <ul className={styles.list} data-testid="news-list">
        {news.items.map((item) => (
          <li key={item.id} data-testid={`news-${item.id}`}>
            <Link
              className={`${styles.item} ${styles.read}`}
              to={paths.detail('news', item.id)}
              aria-current={selectedId === item.id ? 'page' : undefined}
            >
              <span className={styles.dot} aria-hidden="true" />
              <p className={styles.itemTitle}>{item.title}</p>
              <p className={styles.itemBody}>{item.summary}</p>
              <p className={styles.itemTime}>{formatScreenTime(item.publishedAt, 'utc', { upTo: 'minute', zoneLabel: true })}</p>
            </Link>
          </li>
        ))}
      </ul>
      <LoadMore visible={news.hasMore} busy={news.loadingMore} failed={news.moreFailed} onMore={() => void news.loadMore()} />
    </PullToRefresh>
  );
}
