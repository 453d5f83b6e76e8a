import { act, screen } from '@testing-library/react';
import { logout, setSession } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { TopNav } from './TopNav';
import { shellTranslations } from '../all-texts';

describe('TopNav', () => {
  it('offers log in to a visitor and the account to a logged-in user', () => {
    const { store } = renderWithPlatform(<TopNav pathname="/pages/desktop/market" />, { translations: { namespace: 'shell', texts: shellTranslations } });
    expect(screen.getByTestId('topnav-login')).toHaveAttribute('href', '/pages/desktop/login');
    expect(screen.getByTestId('topnav-market')).toHaveAttribute('aria-current', 'page');
    act(() => setSession(store, { token: 'abc', userInfo: { uid: '100001' } }));
    expect(screen.queryByTestId('topnav-login')).toBeNull();
    expect(screen.getByTestId('topnav-account')).toHaveAttribute('href', '/pages/desktop/settings');
    act(() => logout(store));
    expect(screen.getByTestId('topnav-login')).toBeInTheDocument();
  });
});
