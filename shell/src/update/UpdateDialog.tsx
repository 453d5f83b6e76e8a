import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, Dialog } from '@meridian/shared';
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
  const [updating, setUpdating] = useState(false);
  const [failed, setFailed] = useState(false);
  const optional = newUpdate === 'choose_update';

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

  return (
    <Dialog
      title={t('updateTitle')}
      testId="update-dialog"
      onDismiss={optional ? onClose : undefined}
      actions={
        <>
          {optional ? (
            <Button variant="secondary" onClick={onClose} disabled={updating}>
              {t('updateLater')}
            </Button>
          ) : null}
          <Button data-primary="" onClick={() => void update()} disabled={updating} aria-busy={updating}>
            {t('updateNow')}
          </Button>
        </>
      }
    >
      <p className={styles.version}>{t('updateVersion', { version: version.versionNo })}</p>
      {version.description ? <p className={styles.description}>{version.description}</p> : null}
      {optional ? null : <p className={styles.description}>{t('updateRequired')}</p>}
      {metered ? <p className={styles.notice}>{t('updateDataNotice')}</p> : null}
      {failed ? (
        <p className={styles.error} role="alert">
          {t('updateFailed')}
        </p>
      ) : null}
    </Dialog>
  );
}
