import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@meridian/shared/testing';
import { TabBar } from './TabBar';
import { shellTranslations } from '../all-texts';

const translations = { namespace: 'shell', texts: shellTranslations };

describe('TabBar', () => {
  it('shows the five tabs and marks the one for the current page', () => {
    renderWithPlatform(<TabBar pathname="/pages/quote/index" />, { translations });
    const links = screen.getAllByRole('link');
    expect(links.map((l) => l.getAttribute('href'))).toEqual([
      '/pages/home/index',
      '/pages/quote/index',
      '/pages/trade-margin/index',
      '/pages/wallet/index',
      '/pages/profile/index',
    ]);
    expect(screen.getByTestId('tab-market')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('tab-home')).not.toHaveAttribute('aria-current');
  });

  it('marks home on the root address and speaks the chosen language', () => {
    renderWithPlatform(<TabBar pathname="/" />, { translations, language: 'fr' });
    expect(screen.getByTestId('tab-home')).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('tab-wallet')).toHaveTextContent('Portefeuille');
  });
});
