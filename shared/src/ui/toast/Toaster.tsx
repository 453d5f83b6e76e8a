import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { toastsAtom } from './toast';
import { SESSION_NAMESPACE } from '../../session/texts';
import styles from './toast.module.css';

/**
 * Renders the platform's toasts. The shell renders exactly one, in its chrome. The live region is always
 * present (screen readers only announce changes to a region that already exists).
 */
export function Toaster() {
  const items = useAtomValue(toastsAtom);
  const { t } = useTranslation(SESSION_NAMESPACE);
  return (
    <div className={styles.region} role="status" aria-live="polite" aria-label={t('notifications')}>
      {items.map((item) => (
        <div key={item.id} className={[styles.toast, styles[item.kind]].filter(Boolean).join(' ')} data-testid="toast" data-kind={item.kind}>
          {item.text}
        </div>
      ))}
    </div>
  );
}
