import { QueryClient } from '@tanstack/react-query';
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
});
