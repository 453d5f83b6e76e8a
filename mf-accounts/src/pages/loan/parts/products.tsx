import { Link } from 'react-router-dom';
import { formatExact, formatPercentNumber, orZero, percentOf } from '@meridian/shared';
import { type LoanProduct, type LoanRules } from '../../../api/loan';
import { useT } from '../../../i18n';
import { useLoanPaths, useRepaymentMethodText } from './common';
import styles from '../loan.module.css';

/** "7 days" (and "1 day"). */
export function useDays() {
  const { t } = useT();
  return (days: number): string => (days === 1 ? t('loanOneDay') : t('loanDaysValue', { days: String(days) }));
}

/** The loan products with their terms, each with the way to apply for it. */
export function ProductList({ products, grid = false }: { products: LoanProduct[]; grid?: boolean }) {
  const { t } = useT();
  const paths = useLoanPaths();
  const days = useDays();
  const method = useRepaymentMethodText();
  return (
    <ul className={[styles.cards, grid ? styles.productGrid : ''].filter(Boolean).join(' ')} data-testid="loan-products">
      {products.map((product) => (
        <li key={product.id} className={styles.card} data-testid={`loan-product-${product.code}`}>
          <div className={styles.cardHead}>
            <h3 className={styles.cardTitle}>{product.name}</h3>
          </div>
          <dl className={styles.facts}>
            <dt>{t('loanAmountLabel')}</dt>
            <dd>{t('loanAmountRange', { min: formatExact(orZero(product.minAmount)), max: formatExact(orZero(product.maxAmount)), asset: product.asset })}</dd>
            <dt>{t('loanTermLabel')}</dt>
            <dd>{days(product.termDays)}</dd>
            <dt>{t('loanDailyRateLabel')}</dt>
            <dd>{t('loanRateValue', { rate: formatPercentNumber(percentOf(orZero(product.dailyRate)), { decimals: 'all', minDecimals: 0 }) })}</dd>
            <dt>{t('loanLateRateLabel')}</dt>
            <dd>{t('loanRateValue', { rate: formatPercentNumber(percentOf(orZero(product.lateDailyRate)), { decimals: 'all', minDecimals: 0 }) })}</dd>
            <dt>{t('loanPer100Label')}</dt>
            <dd>{t('loanPer100Value', { interest: formatExact(orZero(product.termInterestPer100)), asset: product.asset })}</dd>
            <dt className={styles.wide}>{t('loanMethodLabel')}</dt>
            <dd className={styles.wide}>{method(product.repaymentMethod, product.repaymentMethodText)}</dd>
          </dl>
          <div className={styles.cardActions}>
            <Link className={styles.button} to={`${paths.apply}?productId=${encodeURIComponent(product.id)}`}>
              {t('loanApplyButton')}
            </Link>
          </div>
        </li>
      ))}
    </ul>
  );
}

/**
 * The loan rules, in the user's language, built from rule/get-rule's fields (limits, photo counts, open loans)
 * so the numbers are always the ones the server enforces. The server's own sections are English only.
 */
export function LoanRulesView({ rules }: { rules: LoanRules }) {
  const { t } = useT();
  const sections: Array<[title: string, body: string]> = [
    [t('loanRuleWhoTitle'), t('loanRuleWhoBody')],
    [t('loanRuleDocsTitle'), t('loanRuleDocsBody', { min: String(rules.minPhotos), max: String(rules.maxPhotos) })],
    [
      t('loanRuleAmountsTitle'),
      t('loanRuleAmountsBody', { asset: rules.asset || 'USDT', min: formatExact(orZero(rules.minAmount)), max: formatExact(orZero(rules.maxAmount)), open: String(rules.maxOpenLoans) }),
    ],
    [t('loanRuleApprovalTitle'), t('loanRuleApprovalBody')],
    [t('loanRuleInterestTitle'), t('loanRuleInterestBody')],
    [t('loanRuleRepayTitle'), t('loanRuleRepayBody', { asset: rules.asset || 'USDT' })],
    [t('loanRuleLateTitle'), t('loanRuleLateBody')],
    [t('loanRuleSafetyTitle'), t('loanRuleSafetyBody')],
  ];
  return (
    <div className={styles.rules} data-testid="loan-rules">
      {sections.map(([title, body]) => (
        <section key={title}>
          <h3>{title}</h3>
          <p>{body}</p>
        </section>
      ))}
    </div>
  );
}
