import { Field } from '@meridian/shared';
import { useT } from '../../../i18n';

interface AccountFieldProps {
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  disabled?: boolean;
}

/** The e-mail an account is known by (login, sign-up, recovery). */
export function EmailField({ value, onChange, error, disabled, autoComplete = 'username' }: AccountFieldProps & { autoComplete?: string }) {
  const { t } = useT();
  return (
    <Field
      label={t('emailLabel')}
      name="email"
      type="email"
      autoComplete={autoComplete}
      inputMode="email"
      autoCapitalize="off"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      disabled={disabled}
    />
  );
}

/** The national phone number an account is known by; the dialling code comes from the country picker. */
export function PhoneField({ value, onChange, error, disabled }: AccountFieldProps) {
  const { t } = useT();
  return (
    <Field
      label={t('phoneLabel')}
      name="phone"
      type="tel"
      autoComplete="tel-national"
      inputMode="tel"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      disabled={disabled}
    />
  );
}
