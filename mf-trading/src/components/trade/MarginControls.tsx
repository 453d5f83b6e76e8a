import { useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { requireLogin, useIsLoggedIn } from '@meridian/shared';
import type { PerpSettings } from '../../api/trading';
import { useT } from '../../i18n';
import { SettingsDialog } from './SettingsDialog';
import styles from './trade.module.css';

/**
 * The margin form's chips: the user's margin and position modes (opening their dialog, or the login) and the
 * leverage among those the instrument offers. Perpetual and forex orders both take them.
 */
export function MarginControls({ settings, leverages, leverage, onLeverage }: { settings: PerpSettings | null; leverages: readonly number[] | null; leverage: number; onLeverage: (leverage: number) => void }) {
  const { t } = useT();
  const location = useLocation();
  const loggedIn = useIsLoggedIn();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <div className={styles.settingsRow}>
      <button type="button" className={styles.chip} onClick={() => (loggedIn ? setOpen(true) : requireLogin(`${location.pathname}${location.search}`))} data-testid="perp-settings">
        {settings ? `${t(settings.marginMode === 'isolated' ? 'marginIsolated' : 'marginCross')} · ${t(settings.positionMode === 'merge' ? 'positionMerge' : 'positionSplit')}` : t('settingsTitle')}
      </button>
      <label className={styles.visuallyHidden} htmlFor={`${id}-leverage`}>
        {t('leverageLabel')}
      </label>
      <select id={`${id}-leverage`} className={styles.chip} value={leverage} onChange={(event) => onLeverage(Number(event.target.value))} data-testid="leverage">
        {(leverages ?? [leverage]).map((value) => (
          <option key={value} value={value}>
            {t('leverageValue', { leverage: String(value) })}
          </option>
        ))}
      </select>
      {open && settings ? <SettingsDialog settings={settings} onClose={() => setOpen(false)} /> : null}
    </div>
  );
}
