import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { news, type DataOf } from '@meridian/contracts';
import { AppLink, call, formatScreenTime } from '@meridian/shared';
import styles from './latest-news.module.css';

/** mf_accounts's news pages (navigation through single-spa). */
export const NEWS_LINKS = {
  all: '/pages/notification/index?tab=news',
  article: (id: string) => `/pages/notification/detail?id=${encodeURIComponent(id)}&type=news`,
} as const;

/** The newest published article (contracts/src/news), public; the call answers null when there is none. */
type Article = NonNullable<DataOf<typeof news.latest>>;

type State = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; article: Article | null };

/**
 * The home page's news strip: the latest article's title and date, linking to it, and to all the news. Nothing
 * when no article is published; a compact retry when it cannot be loaded (silent: no toast on the home page).
 */
export function LatestNews() {
  const { t } = useTranslation('shell');
  const { t: tc } = useTranslation('common');
  const [state, setState] = useState<State>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    setState({ status: 'loading' });
    call(news.latest, undefined, { silent: true }).then(
      (answer) => {
        if (alive) setState({ status: 'ready', article: answer && typeof answer.id !== 'undefined' ? { ...answer, id: String(answer.id) } : null });
      },
      () => {
        if (alive) setState({ status: 'failed' });
      },
    );
    return () => {
      alive = false;
    };
  }, [attempt]);

  if (state.status === 'ready' && !state.article) return null;
  return (
    <section className={styles.strip} aria-label={t('latestNewsLabel')} aria-busy={state.status === 'loading' || undefined} data-testid="latest-news">
      <span className={styles.badge}>{t('latestNewsLabel')}</span>
      {state.status === 'loading' ? <p className={styles.muted}>{t('latestNewsLoading')}</p> : null}
      {state.status === 'failed' ? (
        <>
          <p className={styles.muted} role="alert">
            {t('latestNewsFailed')}
          </p>
          <button type="button" className={styles.retry} onClick={() => setAttempt((n) => n + 1)}>
            {tc('retry')}
          </button>
        </>
      ) : null}
      {state.status === 'ready' && state.article ? (
        <>
          <div className={styles.body}>
            <AppLink className={styles.title} href={NEWS_LINKS.article(state.article.id)} data-testid="latest-news-title">
              {state.article.title}
            </AppLink>
            <span className={styles.date}>{formatScreenTime(state.article.publishedAt, 'utc').slice(0, 10)}</span>
          </div>
          <AppLink className={styles.all} href={NEWS_LINKS.all}>
            {t('latestNewsAll')}
          </AppLink>
        </>
      ) : null}
    </section>
  );
}
