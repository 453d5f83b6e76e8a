import { useTranslation } from 'react-i18next';
import { Button, SLOT_TEXTS_NAMESPACE, SlotModule, Spinner, slotTextKey, useSlot, type SlotEntry } from '@meridian/shared';
import { useT } from '../../i18n';
import styles from '../money/money.module.css';

/**
 * The wallet.holdings slot: each live remote's holdings section (spot coins, ...), loaded from that remote when
 * shown, under the heading its manifest names. `wallet` keeps the sections of one wallet (a desktop wallet
 * page); without it, all show. A remote that is down loses its section only; a remote that contributes nothing
 * has none.
 */
export function HoldingsSlot({ wallet }: { wallet?: string }) {
  const entries = useSlot('wallet.holdings').filter((entry) => !wallet || entry.wallet === wallet);
  // no contribution, no slot texts asked for
  return entries.length > 0 ? <HoldingsSections entries={entries} /> : null;
}

function HoldingsSections({ entries }: { entries: ReadonlyArray<SlotEntry<'wallet.holdings'>> }) {
  const { t: slotText, ready } = useTranslation(SLOT_TEXTS_NAMESPACE, { useSuspense: false });
  const { t, tc } = useT();
  if (!ready) return null;
  return (
    <>
      {entries.map((entry) => {
        const titleId = `holdings-${entry.remote}-${entry.id}`;
        return (
          <section key={titleId} className={styles.stack} aria-labelledby={titleId} data-testid={titleId}>
            <h2 id={titleId} className={styles.sectionTitle}>
              {slotText(slotTextKey(entry.remote, entry.label))}
            </h2>
            <SlotModule
              remote={entry.remote}
              module={entry.module}
              loading={<Spinner />}
              fallback={(retry) => (
                <div role="alert">
                  <p>{t('holdingsUnavailable')}</p>
                  <Button variant="secondary" onClick={retry}>
                    {tc('retry')}
                  </Button>
                </div>
              )}
            />
          </section>
        );
      })}
    </>
  );
}
