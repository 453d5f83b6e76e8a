import { QueryClient } from '@tanstack/react-query';
import { createStore } from 'jotai';
import { setSession, userInfoAtom } from '@meridian/shared';
import { createManualSocketHub } from '@meridian/shared/testing';
import { startLiveInvalidation } from './live-invalidation';

describe('live pushes invalidate the queries they change', () => {
  function setup(mode: 'real' | 'demo' = 'real') {
    const hub = createManualSocketHub();
    const client = new QueryClient();
    client.setQueryData(['/asset/api/account/list', {}], 'balances');
    client.setQueryData(['/asset/api/userrechange/list', {}], 'deposits');
    client.setQueryData(['/asset/api/news/list', {}], 'news');
    const stop = startLiveInvalidation({ hub, client, getMode: () => mode });
    const stale = (path: string) => client.getQueryState([path, {}])?.isInvalidated ?? false;
    return { hub, client, stop, stale };
  }

  it('a credited deposit makes the wallet and the deposit records refetch', () => {
    const { hub, stale } = setup();
    hub.emitPosition('DEPOSIT', { action: 'DEPOSIT', mode: 'real', id: '1' });
    expect(stale('/asset/api/account/list')).toBe(true);
    expect(stale('/asset/api/userrechange/list')).toBe(true);
    expect(stale('/asset/api/news/list')).toBe(false);
  });

  it('ignores a push of the other mode, and everything once stopped', () => {
    const { hub, stop, stale } = setup('demo');
    hub.emitPosition('DEPOSIT', { action: 'DEPOSIT', mode: 'real', id: '1' });
    expect(stale('/asset/api/account/list')).toBe(false);
    stop();
    hub.emitPosition('BALANCE', { action: 'BALANCE', mode: 'demo' });
    expect(stale('/asset/api/account/list')).toBe(false);
  });

  it('a KYC review writes its status into the session, so the trade gate lets a verified user trade', () => {
    const hub = createManualSocketHub();
    const client = new QueryClient();
    client.setQueryData(['/asset/api/user/info', {}], 'user');
    const store = createStore();
    setSession(store, { token: 'tok', userInfo: { uid: '7', kycStatus: 'pending' } });
    const stop = startLiveInvalidation({ hub, client, getMode: () => 'demo', store });
    hub.emitPosition('KYC', { action: 'KYC', status: 'verified' });
    expect(store.get(userInfoAtom)).toEqual({ uid: '7', kycStatus: 'verified' });
    expect(client.getQueryState(['/asset/api/user/info', {}])?.isInvalidated).toBe(true);
    hub.emitPosition('KYC', { action: 'KYC', status: 'rejected' });
    expect(store.get(userInfoAtom)).toEqual({ uid: '7', kycStatus: 'rejected' });
    stop();
    localStorage.clear();
  });
});
