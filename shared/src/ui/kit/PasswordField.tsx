import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field, type FieldProps } from './Field';
import { KIT_NAMESPACE } from './texts';
import styles from './kit.module.css';

export type PasswordFieldProps = Omit<FieldProps, 'type' | 'trailing'>;

/**
 * A password input with a show/hide toggle. The toggle is a real button with aria-pressed, so it is
 * reachable by keyboard and announces its state; autocomplete stays the caller's choice
 * ("current-password" on login, "new-password" on registration) so password managers behave.
 */
export function PasswordField(props: PasswordFieldProps) {
  const { t } = useTranslation(KIT_NAMESPACE);
  const [visible, setVisible] = useState(false);
  return (
    <Field
      autoCapitalize="off"
      autoCorrect="off"
      spellCheck={false}
      {...props}
      type={visible ? 'text' : 'password'}
      trailing={
        <button
          type="button"
          className={styles.inlineButton}
          aria-pressed={visible}
          aria-label={visible ? t('hidePassword') : t('showPassword')}
          title={visible ? t('hidePassword') : t('showPassword')}
          disabled={props.disabled}
          onClick={() => setVisible((v) => !v)}
        >
          <EyeIcon crossed={visible} />
        </button>
      }
    />
  );
}

/** An eye (password hidden: press to show) or a crossed eye (shown: press to hide); decorative. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true" focusable="false">
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
      {crossed ? <path d="M4 4l16 16" /> : null}
    </svg>
  );
}
