import type { QueryClient } from '@tanstack/react-query';
import { deposits, forex, identity, loans, notifications, perpetual, seconds, trading, wallet, withdrawals } from '@meridian/contracts';
import { pathKey } from './keys';
import type { UserEventKind } from '../realtime/types';

/**
 * The user's live pushes (server: the positions stream, `{ action, mode, … }`) and the queries each one makes
 * stale: a push invalidates every query whose key starts with one of its paths, so the screens showing them
 * refetch at once (and the others when next shown). Product issues add rows here (and the action to
 * USER_EVENT_KINDS in realtime/types.ts, which the compiler then asks for).
 */
const BALANCES = [wallet.list.path, wallet.userAssetData.path, wallet.validAsset.path, wallet.changes.path];
const NOTIFICATIONS = [notifications.list.path, notifications.unreadCount.path];
// an order or position change also moves the spot or contract wallet's balances
// a TP/SL or OCO leg that fires places its spot order: the push of that order also ends the group in its list
const SPOT = [...BALANCES, trading.spotList.path, trading.spotHistory.path, trading.spotDetail.path, trading.spotHoldings.path, trading.spotConditionalList.path];
// a forex position is a perpetual one: its pushes (fills, TP/SL, liquidation, financing) change the forex list too
const POSITIONS = [...BALANCES, perpetual.openList.path, perpetual.limitList.path, perpetual.closeList.path, perpetual.detail.path, forex.getContractList.path];
// a seconds contract bought or settled moves the option wallet's balance and its lists, record and detail
const SECONDS = [...BALANCES, seconds.getContractList.path, seconds.detail.path];

export const PUSH_INVALIDATIONS = {
  BALANCE: [...BALANCES],
  // a deposit credited or failed also leaves a notification for the user
  DEPOSIT: [...BALANCES, deposits.list.path, ...NOTIFICATIONS],
  WITHDRAW: [...BALANCES, withdrawals.list.path, ...NOTIFICATIONS],
  TRANSFER: [...BALANCES, wallet.transferLog.path],
  CONVERT: [...BALANCES, wallet.convertHistory.path],
  LOAN: [...BALANCES, loans.list.path, loans.paidHistory.path, loans.estimateAll.path, ...NOTIFICATIONS],
  NOTIFICATION: [...NOTIFICATIONS],
  KYC: [identity.info.path, identity.kycInfo.path],
  SPOT_ORDER: [...SPOT],
  POSITION_ORDER: [...POSITIONS],
  POSITION_OPEN: [...POSITIONS],
  POSITION_UPDATE: [...POSITIONS],
  POSITION_CLOSE: [...POSITIONS],
  POSITION_FUNDING: [...POSITIONS],
  SECOND_CONTRACT_OPEN: [...SECONDS],
  SECOND_CONTRACT_SETTLE: [...SECONDS],
} satisfies Record<UserEventKind, readonly string[]>;

export type PushAction = keyof typeof PUSH_INVALIDATIONS;
export const PUSH_ACTIONS = Object.keys(PUSH_INVALIDATIONS) as PushAction[];

export interface UserPush {
  action: string;
  /** The account the change belongs to; a push without one concerns the user in either mode (a notification). */
  mode?: 'real' | 'demo';
  [field: string]: unknown;
}

/** The key prefixes a push makes stale (none for an action the table does not know). */
export function pathsForPush(push: Pick<UserPush, 'action'>): readonly string[] {
  return (PUSH_INVALIDATIONS as Record<string, readonly string[]>)[push.action] ?? [];
}

/**
 * Invalidates what `push` changed. The cache only ever holds the current mode's data (a mode switch resets it),
 * so a push for the other mode is ignored: demo and real never mix. Returns the paths invalidated.
 */
export function invalidateForPush(client: QueryClient, push: UserPush, currentMode: 'real' | 'demo'): readonly string[] {
  if (push.mode && push.mode !== currentMode) return [];
  const paths = pathsForPush(push);
  for (const path of paths) void client.invalidateQueries({ queryKey: pathKey(path) });
  return paths;
}
