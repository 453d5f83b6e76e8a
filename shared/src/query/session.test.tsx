import { createStore } from 'jotai';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { logout, setSession, switchMode } from '../session/actions';
import { tokenAtom } from '../session/atoms';
import { bindQueriesToSession } from './session';

afterEach(() => localStorage.clear());

const BALANCE = ['/asset/api/account/list', {}] as const;

function setup() {
  const store = createStore();
  setSession(store, { token: 't-1', userInfo: { uid: 5 } });
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(BALANCE, { total: '100' });
  const unbind = bindQueriesToSession(store, client);
  return { store, client, unbind };
}

describe('the session clears the QueryClient', () => {
  it('logout drops every cached answer, so the next user never sees the previous one’s', () => {
    const { store, client } = setup();
    logout(store);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('a session that ends any other way (expired: the token goes) clears it too', () => {
    const { store, client } = setup();
    store.set(tokenAtom, '');
    expect(client.getQueryData(BALANCE)).toBeUndefined();
  });

  it('switching real ↔ demo resets the answers and refetches the ones on screen for the new mode', async () => {
    const { store, client } = setup();
    const fetched: string[] = [];
    const observer = new QueryObserver(client, {
      queryKey: BALANCE,
      queryFn: async () => {
        fetched.push('demo');
        return { total: '100000' };
      },
      staleTime: Infinity,
    });
    const stop = observer.subscribe(() => undefined);
    expect(fetched).toEqual([]);

    switchMode(store, 'demo');
    // the real balance is gone at once, before the demo one arrives
    expect(client.getQueryData(BALANCE)).toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetched).toEqual(['demo']);
    expect(client.getQueryData(BALANCE)).toEqual({ total: '100000' });
    stop();
  });

  it('choosing the mode already on, or a new token for the same session, keeps the cache', () => {
    const { store, client } = setup();
    switchMode(store, 'real');
    store.set(tokenAtom, 't-2');
    expect(client.getQueryData(BALANCE)).toEqual({ total: '100' });
  });

  it('binding the same pair twice reacts once; unbound, it no longer reacts', () => {
    const { store, client, unbind } = setup();
    const spy = jest.spyOn(client, 'resetQueries');
    bindQueriesToSession(store, client);
    switchMode(store, 'demo');
    expect(spy).toHaveBeenCalledTimes(1);
    unbind();
    switchMode(store, 'real');
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
