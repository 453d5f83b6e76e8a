import { AppLink } from '@meridian/shared';
import { useT } from '../i18n';
import { P } from '../paths';
import styles from './c2c.module.css';

const LINKS = [
  { href: P.c2c, key: 'c2cMarketTitle' },
  { href: P.orders, key: 'c2cMyOrders' },
  { href: P.merchant, key: 'c2cMerchantTitle' },
  { href: P.paymentMethods, key: 'c2cPaymentMethods' },
] as const;

/** The C2C area's sections on the phone. */
export function Sections({ current }: { current: string }) {
  const { t } = useT();
  return (
    <nav aria-label={t('c2cSections')}>
      <ul className={styles.tabs}>
        {LINKS.map((l) => (
          <li key={l.href}><AppLink className={styles.tab} href={l.href} aria-current={current === l.href ? 'page' : undefined}>{t(l.key)}</AppLink></li>
        ))}
      </ul>
    </nav>
  );
}
