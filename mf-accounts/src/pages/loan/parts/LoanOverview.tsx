import { PullToRefresh, refreshProps } from '@meridian/shared';
import { useLoanTerms } from '../../../api/queries';
import { useT } from '../../../i18n';
import { AccessBanner, LoanNav, useLoanAccess } from './common';
import { LoanRulesView, ProductList } from './products';
import styles from '../loan.module.css';

/** The products (with pull-to-refresh) and the rules; the access banner and, for a user, the loan screens. */
export function LoanOverview({ desktop = false }: { desktop?: boolean }) {
  const { t } = useT();
  const access = useLoanAccess();
  const terms = useLoanTerms();
  const products = terms.data?.products ?? [];
  return (
    <div className={styles.stack}>
      <AccessBanner access={access} />
      {!desktop && access !== 'visitor' ? <LoanNav /> : null}
      <h2 className={styles.sectionTitle}>{t('loanProductsTitle')}</h2>
      <PullToRefresh
        label={t('loanProductsTitle')}
        {...refreshProps(terms)}
        errorTitle={t('loanLoadFailed')}
        empty={products.length === 0}
        emptyTitle={t('loanNoProducts')}
      >
        <ProductList products={products} grid={desktop} />
      </PullToRefresh>
      {terms.data?.rules ? (
        <section aria-labelledby="loan-rules-title" className={styles.stack}>
          <h2 id="loan-rules-title" className={styles.sectionTitle}>
            {t('loanRulesTitle')}
          </h2>
          <LoanRulesView rules={terms.data.rules} />
        </section>
      ) : null}
    </div>
  );
}
