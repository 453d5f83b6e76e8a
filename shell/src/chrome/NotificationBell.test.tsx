import { act, screen, waitFor } from '@testing-library/react';
import { createStore } from 'jotai';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http, logout, pathKey, queryOf, setSession } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { shellTranslations } from '../all-texts';
import { MobileHomeHeader, NotificationBell, UNREAD_POLL_MS } from './NotificationBell';
import { notifications } from '@meridian/contracts';
import { TopNav } from './TopNav';

const original = http.defaults.adapter;
let requests: string[];
let count: number;

beforeEach(() => {
  requests = [];
  count = 3;
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    requests.push(config.url ?? '');
    return { data: { code: 0, msg: 'success', data: { count } }, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
  jest.useFakeTimers();
});
afterEach(() => {
  jest.useRealTimers();
  http.defaults.adapter = original;
  localStorage.clear();
});

const bellRequests = () => requests.filter((url) => url === notifications.unreadCount.path).length;
const texts = { namespace: 'shell', texts: shellTranslations };

function renderBell({ loggedIn = true, pathname = '/pages/desktop/market' } = {}) {
  const store = createStore();
  if (loggedIn) setSession(store, { token: 'tok', userInfo: { uid: '1' } });
  const view = renderWithPlatform(<NotificationBell href="/pages/desktop/notification" pathname={pathname} />, { store, translations: texts });
  return { ...view, store };
}

describe('notification bell', () => {
  it('shows the unread count from num-noti and links to the notifications', async () => {
    renderBell();
    await waitFor(() => expect(screen.getByTestId('notification-bell-count')).toHaveTextContent('3'));
    const bell = screen.getByTestId('notification-bell');
    expect(bell).toHaveAttribute('href', '/pages/desktop/notification');
    expect(bell).toHaveAccessibleName('3 unread notifications');
    expect(bellRequests()).toBe(1);
  });

  it('asks again every 30 s while logged in, and follows the answer', async () => {
    renderBell();
    // let the first answer arrive without moving the clock (the query's notifications are scheduled at 0 ms)
    await act(async () => {
      for (let i = 0; i < 10; i += 1) {
        await Promise.resolve();
        jest.advanceTimersByTime(0);
      }
    });
    expect(screen.getByTestId('notification-bell-count')).toHaveTextContent('3');
    count = 0;
    await act(async () => {
      jest.advanceTimersByTime(UNREAD_POLL_MS - 1);
    });
    expect(bellRequests()).toBe(1);
    await act(async () => {
      jest.advanceTimersByTime(1);
    });
    expect(bellRequests()).toBe(2);
    await waitFor(() => expect(screen.queryByTestId('notification-bell-count')).not.toBeInTheDocument());
    expect(screen.getByTestId('notification-bell')).toHaveAccessibleName(shellTranslations.en.bellLabel);
    count = 120;
    await act(async () => {
      jest.advanceTimersByTime(UNREAD_POLL_MS);
    });
    await waitFor(() => expect(screen.getByTestId('notification-bell-count')).toHaveTextContent('99+'));
    expect(bellRequests()).toBe(3);
  });

  it('asks again on navigation, and follows the shared cache: a push or mf_accounts invalidating or setting the count', async () => {
    const { rerender, queryClient } = renderBell();
    await waitFor(() => expect(screen.getByTestId('notification-bell-count')).toHaveTextContent('3'));
    expect(bellRequests()).toBe(1);
    rerender(<NotificationBell href="/pages/desktop/notification" pathname="/pages/desktop/assets" />);
    await waitFor(() => expect(bellRequests()).toBe(2));
    // a NOTIFICATION push, or mf_accounts opening a notification, invalidates the key: the bell asks again
    count = 1;
    await act(async () => {
      await queryClient.invalidateQueries({ queryKey: pathKey(notifications.unreadCount.path) });
    });
    await waitFor(() => expect(screen.getByTestId('notification-bell-count')).toHaveTextContent('1'));
    expect(bellRequests()).toBe(3);
    // mf_accounts' "mark all read" writes 0 into the same entry: the bell follows without asking
    act(() => queryClient.setQueryData(queryOf(notifications.unreadCount).queryKey, { count: 0 }));
    await waitFor(() => expect(screen.queryByTestId('notification-bell-count')).not.toBeInTheDocument());
    expect(bellRequests()).toBe(3);
  });

  it('does not poll while the page is hidden, and asks again when it is shown', async () => {
    renderBell();
    await waitFor(() => expect(bellRequests()).toBe(1));
    const visibility = jest.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    await act(async () => {
      jest.advanceTimersByTime(UNREAD_POLL_MS * 2);
    });
    expect(bellRequests()).toBe(1);
    visibility.mockReturnValue('visible');
    await act(async () => {
      // as a browser fires it: at the document, bubbling to the window
      document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
    });
    await waitFor(() => expect(bellRequests()).toBe(2));
    visibility.mockRestore();
  });

  it('keeps the bell\'s place while the first count is on its way (the navigation beside it does not shift)', async () => {
    let answer: (() => void) | undefined;
    http.defaults.adapter = (config: InternalAxiosRequestConfig) =>
      new Promise((resolve) => {
        answer = () => resolve({ data: { code: 0, msg: 'success', data: { count: 2 } }, status: 200, statusText: 'OK', headers: {}, config });
      });
    renderBell();
    const pending = screen.getByTestId('notification-bell-pending');
    expect(pending).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
    await waitFor(() => expect(answer).toBeDefined());
    await act(async () => answer!());
    expect(await screen.findByTestId('notification-bell-count')).toHaveTextContent('2');
    // the placeholder is the bell's own box (same class: same size)
    expect(screen.getByTestId('notification-bell')).toHaveClass(pending.className);
    expect(screen.queryByTestId('notification-bell-pending')).not.toBeInTheDocument();
  });

  it('is hidden and asks nothing for a visitor, and stops asking after logout', async () => {
    const { store } = renderBell({ loggedIn: false });
    await act(async () => {
      jest.advanceTimersByTime(UNREAD_POLL_MS * 3);
    });
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
    expect(bellRequests()).toBe(0);

    act(() => setSession(store, { token: 'tok', userInfo: { uid: '1' } }));
    await waitFor(() => expect(screen.getByTestId('notification-bell-count')).toHaveTextContent('3'));
    act(() => logout(store));
    expect(screen.queryByTestId('notification-bell')).not.toBeInTheDocument();
    const asked = bellRequests();
    await act(async () => {
      jest.advanceTimersByTime(UNREAD_POLL_MS * 3);
    });
    expect(bellRequests()).toBe(asked);
  });

  it('sits in the desktop top navigation', async () => {
    const store = createStore();
    setSession(store, { token: 'tok', userInfo: { uid: '1' } });
    renderWithPlatform(<TopNav pathname="/pages/desktop/market" />, { store, translations: texts });
    await waitFor(() => expect(screen.getByTestId('notification-bell-count')).toHaveTextContent('3'));
    expect(screen.getByTestId('notification-bell')).toHaveAttribute('href', '/pages/desktop/notification');
  });

  it('the mobile home header shows it on the home page only, linking to the mobile notifications', async () => {
    const store = createStore();
    setSession(store, { token: 'tok', userInfo: { uid: '1' } });
    const { rerender } = renderWithPlatform(<MobileHomeHeader pathname="/pages/home/index" />, { store, translations: texts });
    await waitFor(() => expect(screen.getByTestId('notification-bell-count')).toHaveTextContent('3'));
    expect(screen.getByTestId('notification-bell')).toHaveAttribute('href', '/pages/notification/index');
    rerender(<MobileHomeHeader pathname="/pages/quote/index" />);
    expect(screen.queryByTestId('mobile-home-header')).not.toBeInTheDocument();
  });
});
