import { QueryClient } from '@tanstack/react-query';
import fs from 'node:fs';
import path from 'node:path';
import { invalidateForPush, pathsForPush, pushActions } from './push-invalidation';
import { setSlotContributions } from '../slots/registry';
import type { SlotContributions } from '../slots/manifest';

// today's push tables are the two remotes' manifests (meridian.routes.json), as mf-config.json carries them
const manifestOf = (dir: string) =>
  (JSON.parse(fs.readFileSync(path.join(__dirname, `../../../${dir}/meridian.routes.json`), 'utf8')) as { slots: SlotContributions }).slots;
beforeEach(() => {
  setSlotContributions('mf_accounts', manifestOf('mf-accounts'));
  setSlotContributions('mf_trading', manifestOf('mf-trading'));
});
afterEach(() => {
  setSlotContributions('mf_accounts', undefined);
  setSlotContributions('mf_trading', undefined);
  setSlotContributions('mf_new', undefined);
});

const BALANCE = ['/asset/api/account/list', {}] as const;
const DEPOSITS = ['/asset/api/userrechange/list', { status: 'success' }] as const;
const WITHDRAWALS = ['/asset/api/userwithdraw/list', {}] as const;
const NEWS = ['/asset/api/news/list', {}] as const;

function seeded(): QueryClient {
  const client = new QueryClient();
  for (const key of [BALANCE, DEPOSITS, WITHDRAWALS, NEWS]) client.setQueryData(key, 'cached');
  return client;
}
const stale = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated ?? false;

describe('push → invalidation table', () => {
  it('a remote brings a new push action, and its queries join those another remote lists for the same action', () => {
    setSlotContributions('mf_new', {
      'push.invalidations': [
        { action: 'POOL_PAYOUT', queries: ['/asset/api/pool/list', '/asset/api/account/list'] },
        { action: 'DEPOSIT', queries: ['/asset/api/pool/list'] },
      ],
    });
    expect(pushActions()).toContain('POOL_PAYOUT');
    expect(pathsForPush({ action: 'POOL_PAYOUT' })).toEqual(['/asset/api/pool/list', '/asset/api/account/list']);
    expect(pathsForPush({ action: 'DEPOSIT' })).toEqual(expect.arrayContaining(['/asset/api/userrechange/list', '/asset/api/pool/list']));
    // each path once, however many remotes list it
    const deposit = pathsForPush({ action: 'DEPOSIT' });
    expect(new Set(deposit).size).toBe(deposit.length);
  });

  it('a credited deposit makes the balances and the deposit records stale, not the withdrawals or the news', () => {
    const client = seeded();
    invalidateForPush(client, { action: 'DEPOSIT', mode: 'real', status: 'success' }, 'real');
    expect(stale(client, BALANCE)).toBe(true);
    expect(stale(client, DEPOSITS)).toBe(true);
    expect(stale(client, WITHDRAWALS)).toBe(false);
    expect(stale(client, NEWS)).toBe(false);
  });

  it('a withdrawal status change makes the withdrawal records stale', () => {
    const client = seeded();
    invalidateForPush(client, { action: 'WITHDRAW', mode: 'real' }, 'real');
    expect(stale(client, WITHDRAWALS)).toBe(true);
    expect(stale(client, DEPOSITS)).toBe(false);
  });

  it('a push for the other mode changes nothing: demo and real never mix', () => {
    const client = seeded();
    expect(invalidateForPush(client, { action: 'BALANCE', mode: 'demo' }, 'real')).toEqual([]);
    expect(stale(client, BALANCE)).toBe(false);
  });

  it('an unknown action invalidates nothing', () => {
    const client = seeded();
    expect(invalidateForPush(client, { action: 'POSITION' }, 'real')).toEqual([]);
    expect(stale(client, BALANCE)).toBe(false);
  });

  it('every money action refreshes the balances; every row names API paths', () => {
    for (const action of ['BALANCE', 'DEPOSIT', 'WITHDRAW', 'TRANSFER', 'CONVERT', 'LOAN'] as const) {
      expect(pathsForPush({ action })).toContain('/asset/api/account/list');
    }
    for (const action of pushActions()) for (const path of pathsForPush({ action })) expect(path).toMatch(/^\/(asset|transaction)\/api\//);
  });

  it('a spot order push refreshes the spot lists and balances; a position push the perpetual lists, not the spot ones', () => {
    const client = seeded();
    const spotOpen = ['/asset/api/contract-spot/list', { page: 1, size: 20 }] as const;
    const positions = ['/asset/api/contract/openList', {}] as const;
    const forexPositions = ['/asset/api/forex/contract/getContractList', { status: 'open' }] as const;
    client.setQueryData(spotOpen, 'cached');
    client.setQueryData(positions, 'cached');
    client.setQueryData(forexPositions, 'cached');
    invalidateForPush(client, { action: 'POSITION_UPDATE', mode: 'real', symbol: 'BTCUSDT' }, 'real');
    expect(stale(client, positions)).toBe(true);
    expect(stale(client, forexPositions)).toBe(true);
    expect(stale(client, BALANCE)).toBe(true);
    expect(stale(client, spotOpen)).toBe(false);
    invalidateForPush(client, { action: 'SPOT_ORDER', mode: 'real', orderId: '1', symbol: 'BTCUSDT', status: 'completed' }, 'real');
    expect(stale(client, spotOpen)).toBe(true);
  });

  it('a seconds contract settled refreshes its lists, its detail and the balances, not the perpetual lists', () => {
    const client = seeded();
    const open = ['/transaction/api/contract/getContractList', { status: 'open', page: 1, size: 50 }] as const;
    const detail = ['/transaction/api/contract/detail', { id: '5' }] as const;
    const positions = ['/asset/api/contract/openList', {}] as const;
    for (const key of [open, detail, positions]) client.setQueryData(key, 'cached');
    invalidateForPush(client, { action: 'SECOND_CONTRACT_SETTLE', mode: 'real', symbol: 'BTCUSDT', contractId: '5' }, 'real');
    expect(stale(client, open)).toBe(true);
    expect(stale(client, detail)).toBe(true);
    expect(stale(client, BALANCE)).toBe(true);
    expect(stale(client, positions)).toBe(false);
    // the table knows every action the server pushes for seconds contracts
    for (const action of ['SECOND_CONTRACT_OPEN', 'SECOND_CONTRACT_SETTLE']) expect(pathsForPush({ action })).toContain('/transaction/api/contract/getContractList');
  });
});
