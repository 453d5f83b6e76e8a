import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@meridian/shared';
import type { NewUpdate, VersionInfo } from './version';
import styles from './update.module.css';

export interface UpdateDialogProps {
  version: VersionInfo;
  newUpdate: NewUpdate;
  /** Show the data-traffic notice (not on Wi-Fi). */
  metered: boolean;
  /** Downloads and starts the new build; a rejection shows the failure message and keeps the dialog open. */
  onUpdate: () => Promise<void>;
  /** Closes an optional update ("Later", Escape). Never called for must_update. */
  onClose: () => void;
}

/**
 * The update dialog: a modal that keeps focus inside. must_update offers only "Update now" and cannot be
 * dismissed; choose_update also offers "Later", and Escape closes it.
 */
export function UpdateDialog({ version, newUpdate, metered, onUpdate, onClose }: UpdateDialogProps) {
  const { t } = useTranslation('shell');
  const titleId = useId();
  const bodyId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const [updating, setUpdating] = useState(false);
  const [failed, setFailed] = useState(false);
  const optional = newUpdate === 'choose_update';

  useEffect(() => {
    dialogRef.current?.querySelector<HTMLButtonElement>('[data-primary]')?.focus();
  }, []);

  const update = async () => {
    setUpdating(true);
    setFailed(false);
    try {
      await onUpdate();
    } catch {
      setFailed(true);
    } finally {
      setUpdating(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (optional) onClose();
      return;
    }
    if (event.key !== 'Tab') return;
    // keep focus inside the dialog
    const focusable = Array.from(dialogRef.current?.querySelectorAll<HTMLElement>('button:not([disabled])') ?? []);
    if (focusable.length === 0) return;
    const first = focusable[0]!;
    const last = focusable[focusable.length - 1]!;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className={styles.backdrop}>
      <div
        ref={dialogRef}
        className={styles.dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={onKeyDown}
        data-testid="update-dialog"
      >
        <h2 id={titleId} className={styles.title}>
          {t('updateTitle')}
        </h2>
        <div id={bodyId}>
          <p className={styles.version}>{t('updateVersion', { version: version.versionNo })}</p>
          {version.description ? <p className={styles.description}>{version.description}</p> : null}
          {optional ? null : <p className={styles.description}>{t('updateRequired')}</p>}
          {metered ? <p className={styles.notice}>{t('updateDataNotice')}</p> : null}
        </div>
        {failed ? (
          <p className={styles.error} role="alert">
            {t('updateFailed')}
          </p>
        ) : null}
        <div className={styles.actions}>
          {optional ? (
            <Button variant="secondary" onClick={onClose} disabled={updating}>
              {t('updateLater')}
            </Button>
          ) : null}
          <Button data-primary="" onClick={() => void update()} disabled={updating} aria-busy={updating}>
            {t('updateNow')}
          </Button>
        </div>
      </div>
    </div>
  );
}
