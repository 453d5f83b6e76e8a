import { useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { useStore } from 'jotai';
import { Button, CodeInput, PasswordField, code, email, matches, password, phone, showToast, useValidationText, validate, type Schema, useApiAction } from '@meridian/shared';
import { sendEmailCode, sendSmsCode } from '../../../api/identity';
import { resetLoginPassword } from '../../../api/recovery';
import { useT } from '../../../i18n';
import { CountrySelect, useCountryChoice } from '../../login/components/country';
import type { Method } from '../../login/components/LoginForm';
import { useFocusFirstInvalid } from '../../login/components/submit';
import { EmailField, PhoneField } from '../../login/components/AccountFields';
import styles from '../../login/components/auth.module.css';

type RecoverField = 'email' | 'phone' | 'code' | 'password' | 'confirmPassword';

const SCHEMAS: Record<Method, Schema<RecoverField>> = {
  email: { email: [email], code: [code], password: [password], confirmPassword: [matches('password')] },
  phone: { phone: [phone], code: [code], password: [password], confirmPassword: [matches('password')] },
};
const EMPTY: Record<RecoverField, string> = { email: '', phone: '', code: '', password: '', confirmPassword: '' };

/**
 * Recover the login password by e-mail or by phone: the account, a 'forgot' code (sendOtp / SendSmsOtp), the
 * new password (≥ 6) twice → user/forgot-password. On success a toast says so and the matching login page opens.
 */
export function RecoverPasswordForm({ method, loginHref }: { method: Method; loginHref: string }) {
  const { t } = useT();
  const vt = useValidationText();
  const store = useStore();
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const countryChoice = useCountryChoice(method === 'phone');
  const { busy, run } = useApiAction();
  const [values, setValues] = useState(EMPTY);
  const [checked, setChecked] = useState(false);

  const schema = SCHEMAS[method];
  const errors = checked ? validate(values, schema) : {};
  const set = (field: RecoverField) => (value: string) => setValues((v) => ({ ...v, [field]: value }));
  const accountValid = !validate(values, method === 'email' ? { email: [email] } : { phone: [phone] })[method];
  const account = () => (method === 'email' ? { email: values.email.trim() } : { phone: values.phone.trim(), countryCode: countryChoice.country.code });

  const sendCode = () =>
    method === 'email' ? sendEmailCode(values.email.trim(), 'forgot') : sendSmsCode(values.phone.trim(), countryChoice.country.code, 'forgot');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (Object.keys(validate(values, schema)).length > 0) {
      focusFirstInvalid();
      return;
    }
    const result = await run(() =>
      resetLoginPassword(account(), { code: values.code.trim(), password: values.password, confirmPassword: values.confirmPassword }),
    );
    if (!result) return;
    showToast(store, t('passwordResetDone'), 'success');
    void navigate(loginHref, { replace: true });
  };

  return (
    <form
      ref={formRef}
      className={styles.form}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t(method === 'email' ? 'emailFindTitle' : 'phoneFindTitle')}
      data-testid={`recover-password-${method}`}
    >
      {method === 'email' ? (
        <EmailField value={values.email} onChange={set('email')} error={vt(errors.email)} disabled={busy} />
      ) : (
        <>
          <CountrySelect options={countryChoice.options} value={countryChoice.country} onChange={countryChoice.choose} disabled={busy} />
          <PhoneField value={values.phone} onChange={set('phone')} error={vt(errors.phone)} disabled={busy} />
        </>
      )}
      <CodeInput name="code" value={values.code} onChange={set('code')} onSend={sendCode} sendDisabled={!accountValid} error={vt(errors.code)} disabled={busy} />
      <PasswordField
        label={t('newPasswordLabel')}
        name="password"
        autoComplete="new-password"
        hint={t('passwordHint')}
        value={values.password}
        onChange={(e) => set('password')(e.target.value)}
        error={vt(errors.password)}
        disabled={busy}
      />
      <PasswordField
        label={t('confirmNewPasswordLabel')}
        name="confirmPassword"
        autoComplete="new-password"
        value={values.confirmPassword}
        onChange={(e) => set('confirmPassword')(e.target.value)}
        error={vt(errors.confirmPassword)}
        disabled={busy}
      />
      <Button type="submit" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('saving') : t('resetPasswordButton')}
      </Button>
    </form>
  );
}
