import { useState } from 'react';
import { useStore } from 'jotai';
import { perpetual, trading } from '@meridian/contracts';
import { Button, Dialog, showToast, useApiMutation } from '@meridian/shared';
import type { PerpSettings } from '../../api/trading';
import { useT } from '../../i18n';
import styles from './trade.module.css';

/**
 * Margin mode (isolated or cross, for all the user's USDT contracts) and position mode (merge or split). The
 * server changes them only without open positions or orders, and says so when it refuses.
 */
export function SettingsDialog({ settings, onClose }: { settings: PerpSettings; onClose: () => void }) {
  const { t } = useT();
  const store = useStore();
  // the modes are part of the trading config the forms read; no push announces them (only this dialog changes them,
  // and only without open positions or orders, so no list changes)
  const { busy, run } = useApiMutation(perpetual.settings, { invalidates: [trading.config.path] });
  const [marginMode, setMarginMode] = useState(settings.marginMode);
  const [positionMode, setPositionMode] = useState(settings.positionMode);
  const changed = marginMode !== settings.marginMode || positionMode !== settings.positionMode;

  const save = async () => {
    const saved = await run({ marginMode, positionMode });
    if (!saved) return;
    showToast(store, t('settingsSaved'), 'success');
    onClose();
  };

  const choice = <V extends string>(name: string, legend: string, value: V, options: Array<[V, string, string]>, onChange: (value: V) => void) => (
    <fieldset className={styles.form}>
      <legend className={styles.strong}>{legend}</legend>
      {options.map(([option, label, hint]) => (
        <label key={option} className={styles.check}>
          <input type="radio" name={name} value={option} checked={value === option} onChange={() => onChange(option)} data-testid={`${name}-${option}`} />
          <span>
            {label}
            <span className={styles.muted}>{` — ${hint}`}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );

  return (
    <Dialog
      title={t('settingsTitle')}
      testId="perp-settings-dialog"
      onDismiss={busy ? undefined : onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            {t('cancelButton')}
          </Button>
          <Button data-primary="" onClick={() => void save()} disabled={busy || !changed} data-testid="settings-save">
            {t('saveButton')}
          </Button>
        </>
      }
    >
      {choice('margin-mode', t('marginModeLabel'), marginMode, [
        ['isolated', t('marginIsolated'), t('marginIsolatedHint')],
        ['cross', t('marginCross'), t('marginCrossHint')],
      ], setMarginMode)}
      {choice('position-mode', t('positionModeLabel'), positionMode, [
        ['merge', t('positionMerge'), t('positionMergeHint')],
        ['split', t('positionSplit'), t('positionSplitHint')],
      ], setPositionMode)}
      <p className={styles.note}>{t('settingsNote')}</p>
    </Dialog>
  );
}
