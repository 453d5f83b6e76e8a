import { screen } from '@testing-library/react';
import { logout, switchMode } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { act } from 'react';
import { DemoBanner } from './DemoBanner';
import { shellTranslations } from '../all-texts';

describe('DemoBanner', () => {
  it('shows only in demo mode and goes away at logout', () => {
    const { store } = renderWithPlatform(<DemoBanner />, { translations: { namespace: 'shell', texts: shellTranslations } });
    expect(screen.queryByTestId('demo-banner')).toBeNull();
    act(() => switchMode(store, 'demo'));
    expect(screen.getByTestId('demo-banner')).toHaveTextContent('DEMO · Trial account: balances are virtual, no real money');
    act(() => logout(store));
    expect(screen.queryByTestId('demo-banner')).toBeNull();
  });
});
