import type { AnchorHTMLAttributes, ButtonHTMLAttributes, MouseEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { navigate } from '../navigation';
import styles from './ui.module.css';

export function Page({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <section className={styles.page} aria-labelledby="page-title">
      <header className={styles.pageHeader}>
        <div>
          <h1 id="page-title" className={styles.pageTitle}>
            {title}
          </h1>
          {subtitle ? <p className={styles.pageSubtitle}>{subtitle}</p> : null}
        </div>
      </header>
      {children}
    </section>
  );
}

export function Card({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={[styles.card, className].filter(Boolean).join(' ')}>{children}</div>;
}

export function Button({
  variant = 'primary',
  className,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: 'primary' | 'secondary' }) {
  const classes = [styles.button, variant === 'secondary' ? styles.buttonSecondary : '', className].filter(Boolean);
  return <button type="button" {...props} className={classes.join(' ')} />;
}

/**
 * A link to any platform URL. Plain clicks navigate through single-spa (no reload); modified clicks
 * (new tab, etc.) keep the browser's behaviour because href is real.
 */
export function AppLink({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handle = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handle} {...props} />;
}

export interface LinkTile {
  href: string;
  title: string;
  hint?: string;
}

export function LinkGrid({ links, label }: { links: LinkTile[]; label: string }) {
  return (
    <nav aria-label={label}>
      <ul className={styles.linkGrid}>
        {links.map((link) => (
          <li key={link.href}>
            <AppLink className={styles.linkTile} href={link.href}>
              <span className={styles.linkTileTitle}>{link.title}</span>
              {link.hint ? <span className={styles.linkTileHint}>{link.hint}</span> : null}
            </AppLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.state} role="status" aria-live="polite">
      <div className={styles.spinner} aria-hidden="true" />
      <span>{label ?? t('loading')}</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title?: string; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.state}>
      <p className={styles.stateTitle}>{title ?? t('empty')}</p>
      {children}
    </div>
  );
}

/**
 * What a detail screen shows when its record is not there — no id in the address, or one the server refuses as
 * unknown — instead of a spinner forever or "could not be shown" with a retry that cannot help. `children`: the way back.
 */
export function NotFoundState({ title, hint, children }: { title?: string; hint?: string; children?: ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.state} data-testid="not-found">
      <p className={styles.stateTitle}>{title ?? t('recordNotFound')}</p>
      <p>{hint ?? t('recordNotFoundHint')}</p>
      {children}
    </div>
  );
}

export function ErrorState({ title, hint, onRetry }: { title?: string; hint?: string; onRetry?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className={styles.state} role="alert">
      <p className={styles.stateTitle}>{title ?? t('sectionFailed')}</p>
      <p>{hint ?? t('sectionFailedHint')}</p>
      {onRetry ? <Button onClick={onRetry}>{t('retry')}</Button> : null}
    </div>
  );
}
