import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { Button, ErrorState, PasswordField, Spinner, matches, password, required, useValidationText, validate, type Schema, useApiAction } from '@meridian/shared';
import { setFundPassword } from '../../../api/account';
import { useT } from '../../../i18n';
import { useFocusFirstInvalid } from '../../login/components/submit';
import { useStoreUserInfo, useUserInfo } from './account';
import styles from './profile.module.css';

type FundField = 'oldPassword' | 'password' | 'confirmPassword';
const SET_SCHEMA: Schema<FundField> = { password: [password], confirmPassword: [matches('password')] };
const CHANGE_SCHEMA: Schema<FundField> = { oldPassword: [required], ...SET_SCHEMA };
const EMPTY: Record<FundField, string> = { oldPassword: '', password: '', confirmPassword: '' };

/**
 * The fund (withdrawal) password: set it when the user has none (userInfo.hasFundPassword false), otherwise
 * change it with the current one. Waits for a fresh user/info so the choice is the server's.
 */
export function FundPasswordForm({ forgotHref }: { forgotHref: string }) {
  const { t } = useT();
  const { info, fresh, failed, reload } = useUserInfo();
  // kept here: setting the password re-keys the fields into "change" mode, the confirmation stays
  const [done, setDone] = useState('');
  if (!fresh && !(failed && info)) return failed ? <ErrorState onRetry={reload} /> : <Spinner />;
  if (!info) return <ErrorState onRetry={reload} />;
  return (
    <>
      <FundPasswordFields key={String(info.hasFundPassword)} hasFundPassword={info.hasFundPassword} onDone={setDone} />
      <p className={styles.success} role="status">
        {done}
      </p>
      {info.hasFundPassword ? (
        <Link className={styles.link} to={forgotHref}>
          {t('forgotFundLink')}
        </Link>
      ) : null}
    </>
  );
}

function FundPasswordFields({ hasFundPassword, onDone }: { hasFundPassword: boolean; onDone: (text: string) => void }) {
  const { t } = useT();
  const vt = useValidationText();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const storeInfo = useStoreUserInfo();
  const { busy, run } = useApiAction();
  const [values, setValues] = useState(EMPTY);
  const [checked, setChecked] = useState(false);
  const schema = hasFundPassword ? CHANGE_SCHEMA : SET_SCHEMA;
  const errors = checked ? validate(values, schema) : {};
  const set = (field: FundField) => (event: { target: { value: string } }) => {
    onDone('');
    setValues((v) => ({ ...v, [field]: event.target.value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (Object.keys(validate(values, schema)).length > 0) {
      focusFirstInvalid();
      return;
    }
    const input = { password: values.password, confirmPassword: values.confirmPassword };
    const result = await run(() => setFundPassword(hasFundPassword ? { ...input, oldPassword: values.oldPassword } : input));
    if (!result) return;
    setValues(EMPTY);
    setChecked(false);
    onDone(t(hasFundPassword ? 'fundPasswordChanged' : 'fundPasswordSet'));
    // the new state (hasFundPassword true) re-keys the form into "change" mode
    if (result.value) storeInfo(result.value);
  };

  const title = t(hasFundPassword ? 'changeFundPasswordTitle' : 'setFundPasswordTitle');
  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <p className={styles.hint}>{t('fundPasswordHint')}</p>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label={title}>
        {hasFundPassword ? (
          <PasswordField label={t('oldFundPasswordLabel')} name="oldPassword" autoComplete="current-password" value={values.oldPassword} onChange={set('oldPassword')} error={vt(errors.oldPassword)} disabled={busy} />
        ) : null}
        <PasswordField label={t('newFundPasswordLabel')} name="password" autoComplete="new-password" hint={t('passwordHint')} value={values.password} onChange={set('password')} error={vt(errors.password)} disabled={busy} />
        <PasswordField label={t('confirmFundPasswordLabel')} name="confirmPassword" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} error={vt(errors.confirmPassword)} disabled={busy} />
        <Button type="submit" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('saving') : t('saveButton')}
        </Button>
      </form>
    </section>
  );
}
