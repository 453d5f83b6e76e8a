import { useState } from 'react';
import { useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { identity } from '@meridian/contracts';
import { Button, Card, Dialog, EmptyState, ErrorState, LANGUAGES, queryOf, Spinner, showToast, useApiMutation, useApiQuery } from '@meridian/shared';
import { type UserSession } from '../../../api/account';
import { useT } from '../../../i18n';
import styles from './profile.module.css';

/** A date and time in the user's language (the app's language, not the browser's). */
export function useLocalTime() {
  const { i18n } = useTranslation();
  const locale = LANGUAGES.find((l) => l.code === i18n.language)?.htmlLang ?? 'en';
  return (iso: string) => {
    const date = new Date(iso);
    return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
  };
}

const bySeen = (list: UserSession[] | null): UserSession[] =>
  [...(list ?? [])].sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt.localeCompare(a.lastSeenAt));

/**
 * The devices logged in to the account (user/sessions): device, IP and last activity; this device is marked,
 * any other can be logged out after a confirmation (user/revokeSession).
 */
export function SessionsList() {
  const { t } = useT();
  const store = useStore();
  const time = useLocalTime();
  const client = useQueryClient();
  const { busy, run } = useApiMutation(identity.revokeSession);
  const [confirming, setConfirming] = useState<UserSession | null>(null);
  // this device first, then the most recently active
  const query = useApiQuery(identity.sessions, undefined, { select: bySeen });

  const sessions = query.data;
  if (!sessions) return query.isError ? <ErrorState onRetry={() => void query.refetch()} /> : <Spinner />;

  const revoke = async (session: UserSession) => {
    const result = await run({ id: session.id });
    setConfirming(null);
    if (!result) return;
    // the device is gone: the cached list drops it (a focus or a reconnect reads the list again anyway)
    client.setQueryData(queryOf(identity.sessions).queryKey, (list: UserSession[] | undefined) => list?.filter((s) => s.id !== session.id));
    showToast(store, t('sessionRevoked'), 'success');
  };

  const deviceName = (session: UserSession) => session.device || t('unknownDevice');

  return (
    <section className={styles.section} aria-labelledby="sessions-title">
      <h2 id="sessions-title" className={styles.sectionTitle}>
        {t('sessionsTitle')}
      </h2>
      <p className={styles.hint}>{t('sessionsDescription')}</p>
      {sessions.length === 0 ? (
        <EmptyState />
      ) : (
        <ul className={styles.sessions} aria-label={t('sessionsTitle')}>
          {sessions.map((session) => (
            <li key={session.id}>
              <Card className={styles.session}>
                <p className={styles.sessionDevice}>
                  <span>{deviceName(session)}</span>
                  {session.current ? <span className={`${styles.badge} ${styles.badgeOk}`}>{t('thisDevice')}</span> : null}
                </p>
                <dl className={styles.facts}>
                  <dt>{t('ipLabel')}</dt>
                  <dd>{session.ip}</dd>
                  <dt>{t('lastSeenLabel')}</dt>
                  <dd>
                    <time dateTime={session.lastSeenAt}>{time(session.lastSeenAt)}</time>
                  </dd>
                </dl>
                {session.current ? null : (
                  <Button variant="secondary" className={styles.smallButton} onClick={() => setConfirming(session)} aria-label={`${t('revokeButton')}: ${deviceName(session)}`}>
                    {t('revokeButton')}
                  </Button>
                )}
              </Card>
            </li>
          ))}
        </ul>
      )}
      {confirming ? (
        <Dialog
          title={t('revokeDialogTitle')}
          onDismiss={() => setConfirming(null)}
          actions={
            <>
              <Button variant="secondary" onClick={() => setConfirming(null)} disabled={busy}>
                {t('cancelButton')}
              </Button>
              <Button data-primary onClick={() => void revoke(confirming)} disabled={busy}>
                {t('revokeButton')}
              </Button>
            </>
          }
        >
          <p>{t('revokeDialogBody', { device: deviceName(confirming) })}</p>
        </Dialog>
      ) : null}
    </section>
  );
}
