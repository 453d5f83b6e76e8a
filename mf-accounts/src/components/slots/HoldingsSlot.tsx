import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, SLOT_TEXTS_NAMESPACE, SlotModule, Spinner, slotTextKey, useSlot, type SlotEntry } from '@meridian/shared';
import { useT } from '../../i18n';
import styles from '../money/money.module.css';
import { useOnceOnScreen } from './on-screen';

/**
 * The wallet.holdings slot: each live remote's holdings section (spot coins, ...), under the heading its manifest
 * names, its module loaded from that remote once the section shows on screen: below the wallet cards on a phone,
 * each remote's entry, module and texts (about 15 KiB on the wire) would otherwise weigh on the wallet's first load
 * (issue 19: the route's JavaScript budget) for sections the user may never scroll to. The heading is there at
 * once, so a section that loads never moves what is below it on screen. `wallet` keeps the sections of one wallet (a desktop wallet
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
  if (!ready) return null;
  return (
    <>
      {entries.map((entry) => (
        <HoldingsSection key={`${entry.remote}-${entry.id}`} entry={entry} title={slotText(slotTextKey(entry.remote, entry.label))} />
      ))}
    </>
  );
}

function HoldingsSection({ entry, title }: { entry: SlotEntry<'wallet.holdings'>; title: string }) {
  const { t, tc } = useT();
  const ref = useRef<HTMLElement>(null);
  const shown = useOnceOnScreen(ref);
  const titleId = `holdings-${entry.remote}-${entry.id}`;
  return (
    <section ref={ref} className={styles.stack} aria-labelledby={titleId} aria-busy={!shown || undefined} data-testid={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      {shown ? (
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
      ) : (
        <Spinner />
      )}
    </section>
  );
}
