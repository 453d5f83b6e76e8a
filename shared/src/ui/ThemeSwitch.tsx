import { useAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { themeAtom } from '../session/atoms';
import styles from './theme-switch.module.css';

/** Light or dark, remembered (spec key "theme", light by default). */
export function ThemeSwitch() {
  const { t } = useTranslation('common');
  const [theme, setTheme] = useAtom(themeAtom);
  const dark = theme === 'dark';
  return (
    <button
      type="button"
      role="switch"
      aria-checked={dark}
      className={styles.switch}
      onClick={() => setTheme(dark ? 'light' : 'dark')}
      data-testid="theme-switch"
    >
      <span>{t('darkMode')}</span>
      <span className={styles.track} aria-hidden="true">
        <span className={styles.thumb} />
      </span>
    </button>
  );
}
