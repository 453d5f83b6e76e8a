import { useEffect, useState } from 'react';
import { UpdateDialog } from './UpdateDialog';
import { site } from '@meridian/contracts';
import { useApiQuery } from '@meridian/shared';
import {
  UPDATE_DIALOG_DELAY_MS,
  VERSION_INPUT,
  applyWebUpdate,
  isMeteredConnection,
  readConnection,
  type ConnectionInfo,
  type NewUpdate,
  type VersionAnswer,
} from './version';

export interface UpdateCheckProps {
  applyUpdate?: () => Promise<void>;
  connection?: () => ConnectionInfo | undefined;
  delayMs?: number;
}

/** Asked once per page: a release does not change under an open page often enough to ask again. */
const ONCE = { staleTime: Infinity, retry: false, refetchOnWindowFocus: false, refetchOnReconnect: false } as const;

/**
 * Asks once whether a newer release exists and, when it does, opens the update dialog after 500 ms. A failing
 * check shows nothing: the app works on as it is.
 */
export function UpdateCheck({ applyUpdate = applyWebUpdate, connection = readConnection, delayMs = UPDATE_DIALOG_DELAY_MS }: UpdateCheckProps) {
  const check = useApiQuery(site.version, VERSION_INPUT, ONCE);
  const answer = check.data;
  const [offer, setOffer] = useState<(VersionAnswer & { newUpdate: NewUpdate }) | null>(null);

  // the dialog waits 500 ms after the answer (spec §9), not a render
  useEffect(() => {
    if (!answer || (answer.newUpdate !== 'must_update' && answer.newUpdate !== 'choose_update')) return;
    const { newUpdate } = answer;
    const timer = setTimeout(() => setOffer({ ...answer, newUpdate }), delayMs);
    return () => clearTimeout(timer);
  }, [answer, delayMs]);

  const failure = check.error;
  useEffect(() => {
    if (failure) console.warn('[meridian] the update check failed', failure);
  }, [failure]);

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
