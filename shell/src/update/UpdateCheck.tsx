import { useEffect, useState } from 'react';
import { UpdateDialog } from './UpdateDialog';
import {
  UPDATE_DIALOG_DELAY_MS,
  applyWebUpdate,
  fetchVersion,
  isMeteredConnection,
  readConnection,
  type ConnectionInfo,
  type NewUpdate,
  type VersionAnswer,
} from './version';

export interface UpdateCheckProps {
  /** app-version/get-version for this build (injectable for tests). */
  check?: () => Promise<VersionAnswer>;
  applyUpdate?: () => Promise<void>;
  connection?: () => ConnectionInfo | undefined;
  delayMs?: number;
}

/**
 * Asks once whether a newer release exists and, when it does, opens the update dialog after 500 ms. A failing
 * check shows nothing: the app works on as it is.
 */
export function UpdateCheck({ check = fetchVersion, applyUpdate = applyWebUpdate, connection = readConnection, delayMs = UPDATE_DIALOG_DELAY_MS }: UpdateCheckProps) {
  const [offer, setOffer] = useState<(VersionAnswer & { newUpdate: NewUpdate }) | null>(null);

  useEffect(() => {
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    check().then(
      (answer) => {
        if (cancelled || !answer || (answer.newUpdate !== 'must_update' && answer.newUpdate !== 'choose_update')) return;
        const { newUpdate } = answer;
        timer = setTimeout(() => setOffer({ ...answer, newUpdate }), delayMs);
      },
      (error: unknown) => {
        console.warn('[meridian] the update check failed', error);
      },
    );
    return () => {
      cancelled = true;
      if (timer) clearTimeout(timer);
    };
  }, [check, delayMs]);

  if (!offer) return null;
  return (
    <UpdateDialog
      version={offer.version}
      newUpdate={offer.newUpdate}
      metered={isMeteredConnection(connection())}
      onUpdate={applyUpdate}
      onClose={() => setOffer(null)}
    />
  );
}
