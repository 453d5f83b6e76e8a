import { act, render, screen } from '@testing-library/react';
import { Provider, createStore } from 'jotai';
import { setSession, logout } from './actions';
import { loginUrl, requireLogin, returnAfterLogin, safeRedirect } from './protected';
import { Protected } from './Protected';
import { toastsAtom } from '../ui/toast/toast';

const at = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return { origin: u.origin, pathname: u.pathname, search: u.search, hash: u.hash };
};
const texts = (store: ReturnType<typeof createStore>) => store.get(toastsAtom).map((t) => t.text);

afterEach(() => localStorage.clear());

describe('requireLogin', () => {
  it('opens the target for a logged-in user, without a toast', () => {
    const store = createStore();
    setSession(store, { token: 'tok' });
    const navigate = jest.fn();
    expect(requireLogin('/pages/wallet/index', { store, navigate })).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/pages/wallet/index');
    expect(texts(store)).toEqual([]);
  });

  it('sends a visitor to login with "Please log in first" and the target as redirect', () => {
    const store = createStore();
    const navigate = jest.fn();
    expect(requireLogin('/pages/home/components/customer-service?x=1#top', { store, navigate })).toBe(false);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/pages/login/email-login?redirect=%2Fpages%2Fhome%2Fcomponents%2Fcustomer-service%3Fx%3D1%23top');
    expect(texts(store)).toEqual(['Please log in first']);
  });
});

describe('returnAfterLogin', () => {
  it('goes back to the page the visitor wanted', () => {
    const navigate = jest.fn();
    const location = at(loginUrl('/pages/assets/transfer?from=spot'));
    expect(returnAfterLogin({ navigate, location })).toBe('/pages/assets/transfer?from=spot');
    expect(navigate).toHaveBeenCalledWith('/pages/assets/transfer?from=spot');
  });

  it.each([
    'https://evil.example/phish',
    '//evil.example/phish',
    '/\\evil.example',
    '\\\\evil.example',
    'javascript:alert(1)',
    'pages/home/index',
    '/pages/login/email-login?redirect=/x',
    '/pages/home\n/x',
    '',
  ])('refuses %j and goes home instead', (redirect) => {
    const navigate = jest.fn();
    const location = at(`/pages/login/email-login?redirect=${encodeURIComponent(redirect)}`);
    expect(returnAfterLogin({ navigate, location })).toBe('/');
    expect(navigate).toHaveBeenCalledWith('/');
  });

  it('goes to the fallback when there is no redirect', () => {
    const navigate = jest.fn();
    expect(returnAfterLogin({ navigate, location: at('/pages/login/email-login'), fallback: '/pages/desktop/market' })).toBe('/pages/desktop/market');
  });

  it('safeRedirect keeps only a same-origin path', () => {
    expect(safeRedirect('/pages/wallet/index?a=1#b')).toBe('/pages/wallet/index?a=1#b');
    expect(safeRedirect('http://localhost/pages/wallet/index')).toBeNull();
    expect(safeRedirect('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(loginUrl('https://evil.example')).toBe('/pages/login/email-login');
  });
});

describe('<Protected>', () => {
  it('renders its route for a logged-in user', () => {
    const store = createStore();
    setSession(store, { token: 'tok' });
    const navigate = jest.fn();
    render(
      <Provider store={store}>
        <Protected navigate={navigate}>
          <p>wallet</p>
        </Protected>
      </Provider>,
    );
    expect(screen.getByText('wallet')).toBeInTheDocument();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('sends a visitor to login, returning to this page, and renders nothing of it', () => {
    window.history.pushState({}, '', '/pages/wallet/index?tab=spot');
    const store = createStore();
    const navigate = jest.fn();
    render(
      <Provider store={store}>
        <Protected navigate={navigate}>
          <p>wallet</p>
        </Protected>
      </Provider>,
    );
    expect(screen.queryByText('wallet')).not.toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith('/pages/login/email-login?redirect=%2Fpages%2Fwallet%2Findex%3Ftab%3Dspot');
    expect(texts(store)).toEqual(['Please log in first']);
  });

  it('leaves when the user logs out on the page', () => {
    window.history.pushState({}, '', '/pages/loan/index');
    const store = createStore();
    setSession(store, { token: 'tok' });
    const navigate = jest.fn();
    render(
      <Provider store={store}>
        <Protected navigate={navigate}>
          <p>loans</p>
        </Protected>
      </Provider>,
    );
    act(() => logout(store));
    expect(screen.queryByText('loans')).not.toBeInTheDocument();
    expect(navigate).toHaveBeenCalledWith('/pages/login/email-login?redirect=%2Fpages%2Floan%2Findex');
  });
});
