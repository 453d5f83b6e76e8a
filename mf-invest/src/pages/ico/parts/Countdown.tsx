import { useEffect, useState } from 'react';
import { useT } from '../../../i18n';
import type { Offer } from './queries';
import styles from '../ico.module.css';

/** The next moment of an offering's schedule: its opening, its close, its draw, its listing. */
function nextStep(offer: Offer, now: number): { key: 'icoOpensIn' | 'icoClosesIn' | 'icoDrawIn' | 'icoListsIn'; at: number } | null {
  const steps = [
    ['icoOpensIn', offer.openAt],
    ['icoClosesIn', offer.closeAt],
    ['icoDrawIn', offer.drawnAt ? null : offer.drawAt],
    ['icoListsIn', offer.listedAt ? null : offer.listAt],
  ] as const;
  for (const [key, at] of steps) if (at && Date.parse(at) > now) return { key, at: Date.parse(at) };
  return null;
}

/** "1d 02:03:04": the time left, whole seconds. */
export function remaining(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const d = Math.floor(s / 86_400);
  const hms = [Math.floor((s % 86_400) / 3600), Math.floor((s % 3600) / 60), s % 60].map((n) => String(n).padStart(2, '0')).join(':');
  return d > 0 ? `${d}d ${hms}` : hms;
}

/** A countdown to the offering's next phase, ticking each second (announced politely, once a minute at most). */
export function Countdown({ offer }: { offer: Offer }) {
  const { t } = useT();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  const step = nextStep(offer, now);
  if (!step) return null;
  return (
    <p className={styles.countdown} data-testid={`ico-countdown-${offer.id}`}>
      {t(step.key, { time: remaining(step.at - now) })}
    </p>
  );
}
