import { useAtomValue, useStore } from 'jotai';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, langAtom, setLanguage } from '@meridian/shared';
import styles from './language.module.css';

/**
 * The nine languages, each named in its own language (so anyone can find theirs whatever is shown now).
 * Choosing one changes every remote at once, without a reload, and is remembered.
 */
export function LanguagePicker({ label }: { label: string }) {
  const store = useStore();
  const current = useAtomValue(langAtom);
  return (
    <ul className={styles.list} role="radiogroup" aria-label={label}>
      {LANGUAGES.map((language) => (
        <li key={language.code}>
          <button
            type="button"
            role="radio"
            aria-checked={current === language.code}
            lang={language.htmlLang}
            className={styles.option}
            data-testid={`language-${language.code}`}
            onClick={() => setLanguage(store, language.code)}
          >
            <span>{language.label}</span>
            {current === language.code ? (
              <svg className={styles.check} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
                <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
              </svg>
            ) : null}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** The name of the language the app is shown in (as the language list names it), for a settings row. */
export function useLanguageName(): string | undefined {
  const { i18n } = useTranslation();
  return LANGUAGES.find((language) => language.code === i18n.language)?.label;
}
