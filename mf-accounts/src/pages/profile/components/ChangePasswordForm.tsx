import { useRef, useState, type FormEvent } from 'react';
import { Button, PasswordField, matches, password, required, useValidationText, validate, type Schema, useApiAction } from '@meridian/shared';
import { changePassword } from '../../../api/account';
import { useT } from '../../../i18n';
import { useFocusFirstInvalid } from '../../login/components/submit';
import { useStoreUserInfo } from './account';
import styles from './profile.module.css';

type PasswordFieldName = 'oldPassword' | 'password' | 'confirmPassword';
const SCHEMA: Schema<PasswordFieldName> = { oldPassword: [required], password: [password], confirmPassword: [matches('password')] };
const EMPTY: Record<PasswordFieldName, string> = { oldPassword: '', password: '', confirmPassword: '' };

/** Change the login password: the current one, the new one (≥ 6) twice. The server signs other devices out. */
export function ChangePasswordForm() {
  const { t } = useT();
  const vt = useValidationText();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const storeInfo = useStoreUserInfo();
  const { busy, run } = useApiAction();
  const [values, setValues] = useState(EMPTY);
  const [checked, setChecked] = useState(false);
  const [done, setDone] = useState(false);

  const errors = checked ? validate(values, SCHEMA) : {};
  const set = (field: PasswordFieldName) => (event: { target: { value: string } }) => {
    setDone(false);
    setValues((v) => ({ ...v, [field]: event.target.value }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (Object.keys(validate(values, SCHEMA)).length > 0) {
      focusFirstInvalid();
      return;
    }
    const result = await run(() => changePassword(values));
    if (!result) return;
    if (result.value) storeInfo(result.value);
    setValues(EMPTY);
    setChecked(false);
    setDone(true);
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label={t('changePasswordTitle')}>
      <PasswordField label={t('oldPasswordLabel')} name="oldPassword" autoComplete="current-password" value={values.oldPassword} onChange={set('oldPassword')} error={vt(errors.oldPassword)} disabled={busy} />
      <PasswordField label={t('newPasswordLabel')} name="password" autoComplete="new-password" hint={t('passwordHint')} value={values.password} onChange={set('password')} error={vt(errors.password)} disabled={busy} />
      <PasswordField label={t('confirmNewPasswordLabel')} name="confirmPassword" autoComplete="new-password" value={values.confirmPassword} onChange={set('confirmPassword')} error={vt(errors.confirmPassword)} disabled={busy} />
      <p className={styles.success} role="status">
        {done ? t('passwordChanged') : ''}
      </p>
      <Button type="submit" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
        {busy ? t('saving') : t('saveButton')}
      </Button>
    </form>
  );
}
