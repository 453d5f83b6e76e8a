import { market } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { renderWithPlatform } from '@meridian/shared/testing';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { ok, recordServer } from '../../testing/trade-fixtures';
import { TradingHoursNotice } from './TradingHoursNotice';

/* The Trading Hours Notice names the next opening twice: in the user's time zone and in the market's (New York). */

const en = translations.en;
// Sunday 2026-11-29 17:00 New York (EST, UTC−5) = 22:00 UTC
const NEXT_OPEN = Date.UTC(2026, 10, 29, 22, 0);
let answer: { open: boolean; nextOpen: number | null; nextClose: number | null };

const server = recordServer(({ url }) => (url === market.checkTradingTime.path ? ok(answer) : undefined));

function renderNotice(onClose = jest.fn()) {
  renderWithPlatform(<TradingHoursNotice symbol="AUDCAD" onClose={onClose} />, { translations: { namespace: NS, texts: translations } });
  return screen.getByTestId('trading-hours-notice');
}

describe('TradingHoursNotice', () => {
  beforeEach(() => {
    answer = { open: false, nextOpen: NEXT_OPEN, nextClose: null };
  });

  it('says the pair cannot be traded now and asks the server when it opens next', async () => {
    const notice = renderNotice();
    expect(notice).toHaveTextContent(en.tradingHoursTitle);
    expect(notice).toHaveTextContent('Out of trading time: AUDCAD cannot be traded now.');
    await waitFor(() => expect(server.calls.some((c) => c.url === market.checkTradingTime.path && c.params?.symbol === 'AUDCAD')).toBe(true));
  });

  it('the next opening in the user’s time zone and in New York time (Sunday 17:00)', async () => {
    const notice = renderNotice();
    const newYork = await within(notice).findByTestId('next-open-new-york');
    expect(newYork).toHaveTextContent(/^New York time: .*11\/29\/2026.*05:00\sPM\sEST$/);
    // the user's zone is the runtime's: the same instant as that zone's clock shows it
    const local = new Intl.DateTimeFormat('en', { hour: '2-digit', minute: '2-digit' }).format(NEXT_OPEN);
    expect(within(notice).getByTestId('next-open-local')).toHaveTextContent(new RegExp(`^Next session opens .*${local.replace(/\s/g, '\\s')}`));
  });

  it('in the app’s language: German dates for the code ge (not a BCP 47 tag: Intl alone would write English)', async () => {
    renderWithPlatform(<TradingHoursNotice symbol="AUDCAD" onClose={jest.fn()} />, { language: 'ge', translations: { namespace: NS, texts: translations } });
    const newYork = await screen.findByTestId('next-open-new-york');
    expect(newYork).toHaveTextContent(/29\.11\.2026.*17:00/);
    expect(newYork).toHaveTextContent(/^New Yorker Zeit: So\./);
  });

  it('without a next opening (the server does not know one) only the closed text stays', async () => {
    answer = { open: false, nextOpen: null, nextClose: null };
    const notice = renderNotice();
    await waitFor(() => expect(server.calls.length).toBeGreaterThan(0));
    expect(within(notice).queryByTestId('next-open-local')).not.toBeInTheDocument();
    expect(within(notice).queryByTestId('next-open-new-york')).not.toBeInTheDocument();
  });

  it('OK closes it', async () => {
    const onClose = jest.fn();
    const notice = renderNotice(onClose);
    within(notice).getByRole('button', { name: /OK/i }).click();
    expect(onClose).toHaveBeenCalled();
  });
});
