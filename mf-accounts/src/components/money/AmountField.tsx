import { forwardRef } from 'react';
import { DecimalField, formatBalance, orZero } from '@meridian/shared';
import { useT } from '../../i18n';
import styles from './money.module.css';

/**
 * The amount of a money form (transfer, convert): what is available as its hint (loading, or failed), and "Max"
 * filling in the whole of it. `onChange` gets every edit, typed or by Max.
 */
export const AmountField = forwardRef<
  HTMLInputElement,
  { value: string; onChange: (value: string) => void; error: string | undefined; asset: string; available: { data?: string; isError: boolean }; testId: string }
>(function AmountField({ value, onChange, error, asset, available, testId }, ref) {
  const { t } = useT();
  return (
    <DecimalField
      ref={ref}
      label={t('amountLabel')}
      value={value}
      placeholder={t('amountPlaceholder')}
      onChange={onChange}
      error={error}
      hint={
        available.data !== undefined
          ? t('availableHint', { amount: formatBalance(orZero(available.data), asset), asset })
          : available.isError
            ? t('availableFailed')
            : t('availableLoading')
      }
      trailing={
        <button type="button" className={styles.max} disabled={available.data === undefined} onClick={() => onChange(available.data ?? '')}>
          {t('maxButton')}
        </button>
      }
      data-testid={testId}
    />
  );
});
