import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform } from '@meridian/shared/testing';
import { TopNav } from './TopNav';
import { marketSearchUrl } from './TopNavSearch';
import { shellTranslations } from '../all-texts';

describe('the desktop top bar’s market search', () => {
  it('opens the market search page with the query typed in the top bar, then empties itself', async () => {
    const user = userEvent.setup();
    window.history.replaceState(null, '', '/pages/desktop/market');
    renderWithPlatform(<TopNav pathname="/pages/desktop/market" />, { translations: { namespace: 'shell', texts: shellTranslations } });
    const box = screen.getByRole('searchbox', { name: shellTranslations.en.marketSearchLabel });
    expect(box).toHaveAttribute('placeholder', shellTranslations.en.marketSearchPlaceholder);
    await user.type(box, ' btc usdt {Enter}');
    expect(window.location.pathname + window.location.search).toBe('/pages/search/index?q=btc+usdt');
    expect(box).toHaveValue('');
  });

  it('an empty query opens the search page as it is', () => {
    expect(marketSearchUrl('  ')).toBe('/pages/search/index');
  });
});
