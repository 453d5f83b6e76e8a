import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { REDIRECT_PARAM, Button, PasswordField, email, phone, required, useValidationText, validate, type Schema } from '@meridian/shared';
import { login } from '../../../api/identity';
import { useT, type Key } from '../../../i18n';
import { CountrySelect, useCountryChoice } from './country';
import { useAuthSubmit, useFocusFirstInvalid } from './submit';
import { EmailField, PhoneField } from './AccountFields';
import styles from './auth.module.css';

export type Method = 'email' | 'phone';

/** A link under a form: a URL of this remote and the key of its text. */
export interface FormLink {
  href: string;
  text: Key;
}

type LoginField = 'email' | 'phone' | 'password';

const SCHEMAS: Record<Method, Schema<LoginField>> = {
  email: { email: [email], password: [required] },
  phone: { phone: [phone], password: [required] },
};

/**
 * Log in by e-mail or by phone (country + number) with the password. Errors show inline after the first
 * submit and follow the typing from then on; Enter submits; the button is disabled while sending.
 */
export function LoginForm({ method, links, fallback }: { method: Method; links: FormLink[]; fallback: string }) {
  const { t } = useT();
  const vt = useValidationText();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const countryChoice = useCountryChoice(method === 'phone');
  const { sending, run } = useAuthSubmit(fallback);
  const [values, setValues] = useState<Record<LoginField, string>>({ email: '', phone: '', password: '' });
  const [checked, setChecked] = useState(false);

  const schema = SCHEMAS[method];
  const errors = checked ? validate(values, schema) : {};
  const set = (field: LoginField) => (event: { target: { value: string } }) => setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setChecked(true);
    if (Object.keys(validate(values, schema)).length > 0) {
      focusFirstInvalid();
      return;
    }
    const account =
      method === 'email' ? { email: values.email.trim() } : { phone: values.phone.trim(), countryCode: countryChoice.country.code };
    void run(() => login(account, values.password));
  };

  return (
    <>
      <form ref={formRef} className={styles.form} noValidate onSubmit={submit} aria-label={t(method === 'email' ? 'loginEmailTitle' : 'loginPhoneTitle')}>
        {method === 'email' ? (
          <EmailField value={values.email} onChange={(value) => setValues((v) => ({ ...v, email: value }))} error={vt(errors.email)} disabled={sending} />
        ) : (
          <>
            <CountrySelect options={countryChoice.options} value={countryChoice.country} onChange={countryChoice.choose} disabled={sending} />
            <PhoneField value={values.phone} onChange={(value) => setValues((v) => ({ ...v, phone: value }))} error={vt(errors.phone)} disabled={sending} />
          </>
        )}
        <PasswordField
          label={t('passwordLabel')}
          name="password"
          autoComplete="current-password"
          value={values.password}
          onChange={set('password')}
          error={vt(errors.password)}
          disabled={sending}
        />
        <Button type="submit" className={styles.submit} disabled={sending} aria-busy={sending || undefined}>
          {sending ? t('loggingIn') : t('loginButton')}
        </Button>
      </form>
      <FormLinks links={links} />
    </>
  );
}

/** Links under a form; they carry the redirect parameter, so switching forms still returns where asked. */
export function FormLinks({ links }: { links: FormLink[] }) {
  const { t } = useT();
  const { search } = useLocation();
  const redirect = new URLSearchParams(search).get(REDIRECT_PARAM);
  const suffix = redirect ? `?${REDIRECT_PARAM}=${encodeURIComponent(redirect)}` : '';
  if (links.length === 0) return null;
  return (
    <ul className={styles.links}>
      {links.map((link) => (
        <li key={link.href}>
          <Link className={styles.link} to={`${link.href}${suffix}`}>
            {t(link.text)}
          </Link>
        </li>
      ))}
    </ul>
  );
}
