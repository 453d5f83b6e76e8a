import { useRef, useState, type FormEvent } from 'react';
import { Button, ErrorState, Field, Spinner, required, useValidationText, validate, type Schema, useApiAction } from '@meridian/shared';
import { updateNickname } from '../../../api/account';
import { useT } from '../../../i18n';
import { useFocusFirstInvalid } from '../../login/components/submit';
import { useStoreUserInfo, useUserInfo } from './account';
import styles from './profile.module.css';

const NICKNAME_MAX = 64;
const SCHEMA: Schema<'nickname'> = { nickname: [required] };

/** Edit the nickname (user/update kind nickname); the answer becomes the stored user. */
export function NicknameForm() {
  const { info, failed, reload } = useUserInfo();
  if (!info) return failed ? <ErrorState onRetry={reload} /> : <Spinner />;
  return <NicknameFields initial={info.nickname} />;
}

function NicknameFields({ initial }: { initial: string }) {
  const { t } = useT();
  const vt = useValidationText();
  const formRef = useRef<HTMLFormElement>(null);
  const focusFirstInvalid = useFocusFirstInvalid(formRef);
  const storeInfo = useStoreUserInfo();
  const { busy, run } = useApiAction();
  const [values, setValues] = useState({ nickname: initial });
  const [checked, setChecked] = useState(false);
  const [done, setDone] = useState(false);
  const errors = checked ? validate(values, SCHEMA) : {};

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setChecked(true);
    if (Object.keys(validate(values, SCHEMA)).length > 0) {
      focusFirstInvalid();
      return;
    }
    const result = await run(() => updateNickname(values.nickname.trim()));
    if (!result) return;
    if (result.value) storeInfo(result.value);
    setDone(true);
  };

  return (
    <section className={styles.section}>
      <h2 className={styles.sectionTitle}>{t('nicknameTitle')}</h2>
      <form ref={formRef} className={styles.form} noValidate onSubmit={(e) => void submit(e)} aria-label={t('nicknameTitle')}>
        <Field
          label={t('nicknameLabel')}
          name="nickname"
          autoComplete="nickname"
          maxLength={NICKNAME_MAX}
          value={values.nickname}
          onChange={(event) => {
            setDone(false);
            setValues({ nickname: event.target.value });
          }}
          error={vt(errors.nickname)}
          disabled={busy}
        />
        <p className={styles.success} role="status">
          {done ? t('nicknameSaved') : ''}
        </p>
        <Button type="submit" className={styles.submit} disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('saving') : t('saveButton')}
        </Button>
      </form>
    </section>
  );
}
