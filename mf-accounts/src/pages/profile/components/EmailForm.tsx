import { useRef, useState, type FormEvent } from 'react';
import { Button, CodeInput, ErrorState, Field, Spinner, code, email, useValidationText, validate, type Schema, useApiAction } from '@meridian/shared';
import { sendChangeEmailCode, updateEmail } from '../../../api/account';
import { useT } from '../../../i18n';
import { useFocusFirstInvalid } from '../../login/components/submit';
import { maskEmail, useStoreUserInfo, useUserInfo } from './account';
import styles from './profile.module.css';

type EmailField = 'email' | 'code';
const SCHEMA: Schema<EmailField> = { email: [email], code: [code] };

/**
 * Change the e-mail: the new address, a code sent to that NEW address (sendOtp type changeEmail), then
 * user/update kind email with both.
 */
export function EmailForm() {
  const { t } = useT();
  const vt = useValidationText();
  const { info, failed, reload } = useUserInfo();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const storeInfo = useStoreUserInfo();
  const { busy, run } = useApiAction();
  const [values, setValues] = useState<Record<EmailField, string>>({ email: '', code: '' });
  const [checked, setChecked] = useState(false);
  const [done, setDone] = useState(false);

  if (!info) return failed ? <ErrorState onRetry={reload} /> : <Spinner />;
  const errors = checked ? validate(values, SCHEMA) : {};
  const set = (field: EmailField) => (value: string) => {
    setDone(false);
    setValues((v) => ({ ...v, [field]: value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (Object.keys(validate(values, SCHEMA)).length > 0) {
      focusFirstInvalid();
      return;
    }
    const result = await run(() => updateEmail(values.email.trim(), values.code.trim()));
    if (!result) return;
    if (result.value) storeInfo(result.value);
    setValues({ email: '', code: '' });
    setChecked(false);
    setDone(true);
  };

  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('emailTitle')}</h2>
      <p className={styles.hint}>
        {t('currentEmailLabel')}: {info.email ? maskEmail(info.email) : t('noEmail')}
      </p>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label={t('emailTitle')}>
        <Field
          label={t('newEmailLabel')}
          name="email"
          type="email"
          inputMode="email"
          autoCapitalize="off"
          autoComplete="email"
          value={values.email}
          onChange={(event) => set('email')(event.target.value)}
          error={vt(errors.email)}
          disabled={busy}
        />
        <CodeInput
          value={values.code}
          onChange={set('code')}
          onSend={() => sendChangeEmailCode(values.email.trim())}
          sendDisabled={email(values.email, values) !== null}
          error={vt(errors.code)}
          disabled={busy}
          name="code"
        />
        <p className={styles.hint}>{t('emailCodeHint')}</p>
        <p className={styles.success} role="status">
          {done ? t('emailChanged') : ''}
        </p>
        <Button type="submit" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('saving') : t('saveButton')}
        </Button>
      </form>
    </section>
  );
}
