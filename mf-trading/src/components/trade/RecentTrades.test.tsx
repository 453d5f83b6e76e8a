import { act, screen, waitFor, within } from '@testing-library/react';
import { installSocketHub } from '@meridian/shared';
import { createManualSocketHub, renderWithPlatform, type ManualSocketHub } from '@meridian/shared/testing';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { QUOTE } from '../../testing/trade-fixtures';
import { RECENT_TRADES, RecentTrades } from './RecentTrades';

/*
 * The feed-prices section: it says what it is (the feed's prices, not other users' trades — the broker model has
 * no public tape) and keeps its height from the first paint, whatever number of prices has come in.
 */

let hub: ManualSocketHub;
let uninstall: () => void;
beforeEach(() => {
  hub = createManualSocketHub();
  uninstall = installSocketHub(hub);
});
afterEach(() => uninstall());

const render = (language = 'en') =>
  renderWithPlatform(<RecentTrades symbol="BTCUSDT" priceDecimals={2} />, { url: '/', language, translations: { namespace: NS, texts: translations } });

describe('the feed prices section', () => {
  it.each(['en', 'ge', 'jp'] as const)('is titled and described as the feed’s prices, not other users’ trades (%s)', (language) => {
    render(language);
    const section = screen.getByTestId('recent-trades');
    const texts = translations[language];
    expect(screen.getByRole('region', { name: texts.tradeFeedPricesTitle })).toBe(section);
    expect(section).toHaveAccessibleDescription(texts.tradeFeedPricesHint);
  });

  it('has RECENT_TRADES rows before any price, while they come in, and once full', async () => {
    render();
    const rows = () => within(screen.getByTestId('recent-trades')).getAllByRole('row', { hidden: true }).length - 1;
    const prints = () => screen.queryAllByTestId('trade-print').length;
    expect(rows()).toBe(RECENT_TRADES);
    expect(screen.getByText(translations.en.recentTradesWaiting)).toBeInTheDocument();
    // the stream applies quotes once per animation frame: each price is awaited before the next
    for (let i = 0; i < RECENT_TRADES + 2; i += 1) {
      act(() => hub.emitQuotes([{ ...QUOTE, price: String(64_000 + i), time: 2_000 + i }]));
      await waitFor(() => expect(prints()).toBe(Math.min(i + 1, RECENT_TRADES)));
      expect(rows()).toBe(RECENT_TRADES);
    }
    expect(screen.queryByText(translations.en.recentTradesWaiting)).not.toBeInTheDocument();
  });
});
