import { useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import {
  Button,
  CodeInput,
  Field,
  PasswordField,
  code,
  email,
  invitationCode,
  matches,
  password,
  phone,
  useValidationText,
  validate,
  type Schema,
} from '@meridian/shared';
import { register, sendEmailCode, sendSmsCode } from '../../../api/identity';
import { useT } from '../../../i18n';
import { CountrySelect, useCountryChoice } from '../../login/components/country';
import { FormLinks, type FormLink, type Method } from '../../login/components/LoginForm';
import { useAuthSubmit, useFocusFirstInvalid } from '../../login/components/submit';
import { EmailField, PhoneField } from '../../login/components/AccountFields';
import styles from '../../login/components/auth.module.css';

type RegisterField = 'email' | 'phone' | 'code' | 'password' | 'confirmPassword' | 'invitationCode';

const COMMON: Schema<RegisterField> = {
  code: [code],
  password: [password],
  confirmPassword: [matches('password')],
  invitationCode: [invitationCode],
};
const SCHEMAS: Record<Method, Schema<RegisterField>> = {
  email: { email: [email], ...COMMON },
  phone: { phone: [phone], ...COMMON },
};

/** Query parameters that carry an invitation code in a shared sign-up link. */
export const INVITE_PARAMS = ['invite', 'code'] as const;

export function invitationFromQuery(search: string): string {
  const query = new URLSearchParams(search);
  for (const name of INVITE_PARAMS) {
    const value = query.get(name)?.trim();
    if (value) return value.slice(0, 32);
  }
  return '';
}

/**
 * Sign up by phone or e-mail: country, the account, a 4-digit code sent to it (60 s before a resend),
 * the password twice and the required invitation code (prefilled from ?invite= or ?code=).
 */
export function RegisterForm({ method, links, fallback }: { method: Method; links: FormLink[]; fallback: string }) {
  const { t } = useT();
  const vt = useValidationText();
  const { search } = useLocation();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const countryChoice = useCountryChoice();
  const { sending, run } = useAuthSubmit(fallback);
  const [values, setValues] = useState<Record<RegisterField, string>>(() => ({
    email: '',
    phone: '',
    code: '',
    password: '',
    confirmPassword: '',
    invitationCode: invitationFromQuery(search),
  }));
  const [checked, setChecked] = useState(false);

  const schema = SCHEMAS[method];
  const errors = checked ? validate(values, schema) : {};
  const accountInvalid = Object.keys(validate(values, method === 'email' ? { email: [email] } : { phone: [phone] })).length > 0;
  const set = (field: RegisterField) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));
  const country = countryChoice.country;

  const sendCode = () => (method === 'email' ? sendEmailCode(values.email.trim(), 'register') : sendSmsCode(values.phone.trim(), country.code, 'register'));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setChecked(true);
    if (Object.keys(validate(values, schema)).length > 0) {
      focusFirstInvalid();
      return;
    }
    const account = method === 'email' ? { email: values.email.trim() } : { phone: values.phone.trim(), countryCode: country.code };
    void run(() =>
      register(account, {
        code: values.code.trim(),
        password: values.password,
        confirmPassword: values.confirmPassword,
        invitationCode: values.invitationCode.trim(),
        ...(country.id > 0 ? { countryId: country.id } : {}),
      }),
    );
  };

  return (
    <>
      <form ref={formRef} className={styles.form} noValidate onSubmit={submit} aria-label={t(method === 'email' ? 'registerEmailTitle' : 'registerPhoneTitle')}>
        <CountrySelect options={countryChoice.options} value={country} onChange={countryChoice.choose} disabled={sending} />
        {method === 'email' ? (
          <EmailField value={values.email} onChange={(value) => setValues((v) => ({ ...v, email: value }))} error={vt(errors.email)} disabled={sending} autoComplete="email" />
        ) : (
          <PhoneField value={values.phone} onChange={(value) => setValues((v) => ({ ...v, phone: value }))} error={vt(errors.phone)} disabled={sending} />
        )}
        <CodeInput
          name="code"
          value={values.code}
          onChange={(value) => setValues((v) => ({ ...v, code: value }))}
          onSend={sendCode}
          sendDisabled={accountInvalid}
          error={vt(errors.code)}
          disabled={sending}
        />
        <PasswordField
          label={t('passwordLabel')}
          name="password"
          autoComplete="new-password"
          value={values.password}
          onChange={set('password')}
          error={vt(errors.password)}
          hint={t('passwordHint')}
          disabled={sending}
        />
        <PasswordField
          label={t('confirmPasswordLabel')}
          name="confirmPassword"
          autoComplete="new-password"
          value={values.confirmPassword}
          onChange={set('confirmPassword')}
          error={vt(errors.confirmPassword)}
          disabled={sending}
        />
        <Field
          label={t('invitationCodeLabel')}
          name="invitationCode"
          autoComplete="off"
          autoCapitalize="characters"
          value={values.invitationCode}
          onChange={set('invitationCode')}
          error={vt(errors.invitationCode)}
          required
          disabled={sending}
        />
        <Button type="submit" className={styles.submit} disabled={sending} aria-busy={sending || undefined}>
          {sending ? t('registering') : t('registerButton')}
        </Button>
      </form>
      <FormLinks links={links} />
    </>
  );
}
