import manifest from '../../meridian.routes.json';

/**
 * What each trade write makes stale, by the name of the push the server sends for the same change: a group of this
 * remote's push.invalidations (meridian.routes.json), so a write and its push refetch the same queries and the
 * list is declared once (useApiMutation's `invalidates` names groups). A name the manifest lacks fails here, when
 * the module loads.
 */
const DECLARED = new Set(manifest.slots['push.invalidations'].map((entry) => entry.action));

function group(action: string): readonly [string] {
  if (!DECLARED.has(action)) throw new Error(`meridian.routes.json declares no push.invalidations for ${action}`);
  return [action];
}

export const AFFECTED = {
  /** A spot order placed or cancelled, a TP/SL or OCO placed or cancelled. */
  spotOrder: group('SPOT_ORDER'),
  /** A perpetual or forex order placed (filled at once or resting), or a position reversed. */
  positionOpen: group('POSITION_OPEN'),
  /** A resting perpetual order cancelled. */
  positionOrder: group('POSITION_ORDER'),
  /** A position's take-profit or stop-loss set. */
  positionUpdate: group('POSITION_UPDATE'),
  /** A position closed, whole or in part. */
  positionClose: group('POSITION_CLOSE'),
  /** A seconds contract bought. */
  secondsOpen: group('SECOND_CONTRACT_OPEN'),
  /** Money moved between the user's wallets (the forms' "Available"). */
  transfer: group('TRANSFER'),
} as const;
