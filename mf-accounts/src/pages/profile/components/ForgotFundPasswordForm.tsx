import { useRef, useState, type FormEvent } from 'react';
import { Button, CodeInput, ErrorState, PasswordField, Spinner, code, matches, password, useValidationText, validate, type Schema, useApiAction } from '@meridian/shared';
import { resetFundPassword, sendForgotFundCode } from '../../../api/account';
import { useT } from '../../../i18n';
import { useFocusFirstInvalid } from '../../login/components/submit';
import { maskEmail, maskPhone, useUserInfo } from './account';
import styles from './profile.module.css';

type ForgotField = 'code' | 'password' | 'confirmPassword';
const SCHEMA: Schema<ForgotField> = { code: [code], password: [password], confirmPassword: [matches('password')] };
const EMPTY: Record<ForgotField, string> = { code: '', password: '', confirmPassword: '' };

/**
 * Recover the fund password: a forgotFund code to the user's own address (e-mail when there is one, else the
 * phone by SMS), then the new fund password twice.
 */
export function ForgotFundPasswordForm() {
  const { t } = useT();
  const vt = useValidationText();
  const { info, failed, reload } = useUserInfo();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const { busy, run } = useApiAction();
  const [values, setValues] = useState(EMPTY);
  const [checked, setChecked] = useState(false);
  const [done, setDone] = useState(false);

  if (!info) return failed ? <ErrorState onRetry={reload} /> : <Spinner />;
  const channel = info.email ? 'email' : 'sms';
  const target = info.email ? maskEmail(info.email) : maskPhone(info.phone);
  const errors = checked ? validate(values, SCHEMA) : {};
  const set = (field: ForgotField) => (value: string) => {
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
    const result = await run(() => resetFundPassword({ code: values.code.trim(), password: values.password, confirmPassword: values.confirmPassword }));
    if (!result) return;
    setValues(EMPTY);
    setChecked(false);
    setDone(true);
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label={t('forgotFundPasswordTitle')}>
      <p className={styles.hint}>{t('forgotFundHint', { target })}</p>
      <CodeInput value={values.code} onChange={set('code')} onSend={() => sendForgotFundCode(channel)} error={vt(errors.code)} disabled={busy} name="code" />
      <PasswordField label={t('newFundPasswordLabel')} name="password" autoComplete="new-password" hint={t('passwordHint')} value={values.password} onChange={(e) => set('password')(e.target.value)} error={vt(errors.password)} disabled={busy} />
      <PasswordField label={t('confirmFundPasswordLabel')} name="confirmPassword" autoComplete="new-password" value={values.confirmPassword} onChange={(e) => set('confirmPassword')(e.target.value)} error={vt(errors.confirmPassword)} disabled={busy} />
      <p className={styles.success} role="status">
        {done ? t('fundPasswordReset') : ''}
      </p>
      <Button type="submit" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('saving') : t('saveButton')}
      </Button>
    </form>
  );
}
