import { screen } from '@testing-library/react';
import { renderWithPlatform } from '@meridian/shared/testing';
import { NS } from '../i18n';
import { translations } from '../all-texts';
import { TradingHoursNotice } from './TradingHoursNotice';

const render = (ui: React.ReactElement, language = 'en') => renderWithPlatform(ui, { language, translations: { namespace: NS, texts: translations } });

describe('the Trading Hours Notice', () => {
  // Saturday 14 March 2026: the US venue opens again on Monday 16 March, 9:30 New York = 13:30 UTC
  const closed = { venue: 'US' as const, timeZone: 'America/New_York', open: false, nextOpen: Date.parse('2026-03-16T13:30:00Z'), nextClose: Date.parse('2026-03-16T20:00:00Z') };

  it('while closed says orders are refused and gives the next opening in the venue’s zone and the user’s', () => {
    render(<TradingHoursNotice session={closed} />);
    expect(screen.getByTestId('hours-closed')).toHaveTextContent(translations.en.stockMarketClosedNow);
    expect(screen.getByTestId('next-open-venue')).toHaveTextContent(/9:30/);
    expect(screen.getByTestId('next-open-user')).toBeInTheDocument();
    expect(screen.getByText(translations.en.stockHoursUs)).toBeInTheDocument();
  });

  it('while open says so, without a next opening', () => {
    render(<TradingHoursNotice session={{ ...closed, open: true }} />, 'ge');
    expect(screen.getByTestId('hours-open')).toHaveTextContent(translations.ge.stockMarketOpenNow);
    expect(screen.queryByTestId('next-open-venue')).not.toBeInTheDocument();
  });
});
