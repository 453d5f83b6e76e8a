import { useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { Button, Dialog, formatPercentNumber, percentOf, userInfoAtom } from '@meridian/shared';
import { useT } from '../../i18n';
import { DURATION_UNIT_KEYS, disclosureKey, type SecondsProduct } from './terms';
import styles from './seconds.module.css';

function readAccepted(key: string | null): boolean {
  if (!key) return false;
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * Whether this user accepted the seconds-contract disclosure on this browser (remembered per user id, so
 * another account logging in here reads it again), and the way to record the acceptance.
 */
export function useDisclosureAccepted(): { accepted: boolean; accept: () => void } {
  const uid = useAtomValue(userInfoAtom)?.uid;
  const key = typeof uid === 'string' || typeof uid === 'number' ? disclosureKey(String(uid)) : null;
  const [accepted, setAccepted] = useState(() => readAccepted(key));
  const [seenKey, setSeenKey] = useState(key);
  if (seenKey !== key) {
    setSeenKey(key);
    setAccepted(readAccepted(key));
  }
  const accept = useCallback(() => {
    setAccepted(true);
    if (!key) return;
    try {
      localStorage.setItem(key, '1');
    } catch {
      // private mode: the acceptance lasts for this screen only
    }
  }, [key]);
  return { accepted, accept };
}

/** "30 sec", "3 mins", "1 hour" in the user's language. */
export function useDurationText() {
  const { t } = useT();
  return useCallback((duration: SecondsProduct['duration']) => t(DURATION_UNIT_KEYS[duration.unit], { value: String(duration.value) }), [t]);
}

/**
 * What a seconds contract is before anyone buys one: the binary payoff, each duration's payout ratio and the win
 * rate it takes to break even (1 / (1 + ratio)), that most retail traders lose money on such products, where the
 * prices come from, that the demo uses the same engine. Before a first purchase it asks for acceptance.
 */
export function SecondsDisclosure({
  symbol,
  products,
  needsAcceptance,
  onAccept,
  onClose,
}: {
  symbol: string;
  products: readonly SecondsProduct[];
  needsAcceptance: boolean;
  onAccept: () => void;
  onClose: () => void;
}) {
  const { t } = useT();
  const durationText = useDurationText();
  return (
    <Dialog
      title={t('secondsDisclosureTitle')}
      testId="seconds-disclosure"
      onDismiss={onClose}
      actions={
        needsAcceptance ? (
          <>
            <Button variant="secondary" onClick={onClose}>
              {t('cancelButton')}
            </Button>
            <Button data-primary="" onClick={onAccept} data-testid="seconds-disclosure-accept">
              {t('secondsDisclosureAccept')}
            </Button>
          </>
        ) : (
          <Button data-primary="" onClick={onClose} data-testid="seconds-disclosure-close">
            {t('okButton')}
          </Button>
        )
      }
    >
      {/* focusable: a keyboard user can scroll the text */}
      <div className={styles.disclosure} tabIndex={0} role="region" aria-label={t('secondsDisclosureTitle')}>
        <p>{t('secondsDisclosureWhat', { symbol })}</p>
        <p>{t('secondsDisclosurePrices')}</p>
        <p className={styles.warning}>{t('secondsDisclosureRisk')}</p>
        <p>{t('secondsDisclosureBreakEven')}</p>
        <table className={styles.ratios} data-testid="seconds-disclosure-ratios">
          <thead>
            <tr>
              <th scope="col">{t('secondsDuration')}</th>
              <th scope="col">{t('secondsPayoutRatio')}</th>
              <th scope="col">{t('secondsBreakEven')}</th>
            </tr>
          </thead>
          <tbody>
            {products.map((product) => (
              <tr key={product.id}>
                <th scope="row">{durationText(product.duration)}</th>
                <td>{`${formatPercentNumber(percentOf(product.payoutRatio), { minDecimals: 0 })} %`}</td>
                <td>{`${formatPercentNumber(percentOf(product.breakEvenWinRate), { minDecimals: 0 })} %`}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>{t('secondsDisclosureRecord')}</p>
        <p>{t('secondsDisclosureDemo')}</p>
      </div>
    </Dialog>
  );
}
