import { useEffect, useMemo } from 'react';
import { Link } from 'react-router-dom';
import { ErrorState, NotFoundState, Spinner, isNotFound, useIsLoggedIn, formatScreenTime } from '@meridian/shared';
import { useInvalidate, useNewsArticle, useNotification } from '../../../api/queries';
import { useT } from '../../../i18n';
import { scrubArticleHtml } from './html';
import { useNotificationText } from './kinds';
import { useNotificationPaths, type DetailType } from './paths';
import styles from '../notification.module.css';

/** One notification (opening it marks it read on the server) or one news article. */
export function Detail({ type, id }: { type: DetailType; id: string }) {
  return type === 'news' ? <NewsArticleView id={id} /> : <NotificationView id={id} />;
}

function NotificationView({ id }: { id: string }) {
  const { t } = useT();
  const loggedIn = useIsLoggedIn();
  const text = useNotificationText();
  const paths = useNotificationPaths();
  const item = useNotification(id, loggedIn);
  const invalidate = useInvalidate();
  const loaded = item.data;
  // the server marked it read: the bell and the list count again
  useEffect(() => {
    if (!loaded) return;
    void invalidate('NOTIFICATION');
  }, [loaded, invalidate]);

  if (item.isLoading) return <Spinner />;
  // an unknown id (or another user's) is refused as not found: a retry would not help
  if (!loaded) return isNotFound(item.error) ? <NotFoundState /> : <ErrorState title={t('notiDetailFailed')} onRetry={() => void item.refetch()} />;
  const { title, body } = text(loaded);
  const ref = paths.refs[loaded.refType];
  return (
    <article className={styles.detail} data-testid="noti-detail">
      <h2 className={styles.detailTitle}>{title}</h2>
      <p className={styles.muted}>{formatScreenTime(loaded.createdAt, 'utc', { upTo: 'minute', zoneLabel: true })}</p>
      <p className={styles.detailBody}>{body}</p>
      {ref ? (
        <Link className={styles.refLink} to={ref.href}>
          {t('notiOpenRef', { screen: t(ref.title) })}
        </Link>
      ) : null}
    </article>
  );
}

function NewsArticleView({ id }: { id: string }) {
  const { t } = useT();
  const article = useNewsArticle(id);
  const html = useMemo(() => (article.data ? scrubArticleHtml(article.data.html ?? '') : ''), [article.data]);
  if (article.isLoading) return <Spinner />;
  if (!article.data) return isNotFound(article.error) ? <NotFoundState /> : <ErrorState title={t('notiNewsDetailFailed')} onRetry={() => void article.refetch()} />;
  return (
    <article className={styles.detail} data-testid="news-detail">
      <h2 className={styles.detailTitle}>{article.data.title}</h2>
      <p className={styles.muted}>{formatScreenTime(article.data.publishedAt, 'utc', { upTo: 'minute', zoneLabel: true })}</p>
      {/*
        The article's HTML comes from the server, which sanitises it (sanitize-html, server/src/modules/news/
        sanitize.ts) when it is published and again when it is read; that is the only reason rendering it this way
        is acceptable. scrubArticleHtml drops anything executable once more, and this container runs no scripts
        (HTML set as innerHTML never executes <script>).
      */}
      <div className={styles.article} data-testid="news-html" dangerouslySetInnerHTML={{ __html: html }} />
    </article>
  );
}
