import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { perpetual } from '@meridian/contracts';
import { renderWithPlatform } from '@meridian/shared/testing';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { ok, POSITION, recordServer, renderTradeApp } from '../../testing/trade-fixtures';
import { AdlIndicator } from './AdlIndicator';

jest.setTimeout(30_000);

function show(rank: number | null, language = 'en') {
  return renderWithPlatform(<AdlIndicator rank={rank} />, { language, translations: { namespace: NS, texts: translations } });
}

const lit = (indicator: HTMLElement) => indicator.querySelectorAll('[data-lit="true"]').length;

it('shows the ADL rank as five lights, as many lit as the rank, named by its rank for assistive technology', async () => {
  show(4);
  const indicator = await screen.findByRole('button', { name: 'Auto-deleveraging rank 4 of 5' });
  expect(indicator.querySelectorAll('[data-lit]')).toHaveLength(5);
  expect(lit(indicator)).toBe(4);
  expect(indicator).toHaveAttribute('title', translations.en.adlRankHelp);
});

it('explains the rank when pressed (phones have no hover) and hides it again', async () => {
  const user = userEvent.setup();
  show(2);
  const indicator = await screen.findByTestId('adl-indicator');
  expect(lit(indicator)).toBe(2);
  expect(screen.queryByTestId('adl-help')).not.toBeInTheDocument();
  await user.click(indicator);
  expect(indicator).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByRole('note')).toHaveTextContent(/most profitable, most leveraged opposite positions are closed at its bankruptcy price/);
  await user.click(indicator);
  expect(screen.queryByTestId('adl-help')).not.toBeInTheDocument();
});

it('speaks the user’s language', async () => {
  show(5, 'jp');
  expect(await screen.findByRole('button', { name: '自動デレバレッジ順位 5 / 5' })).toBeInTheDocument();
});

it('shows nothing for a position without a rank (a closed one)', () => {
  const { container } = show(null);
  expect(container.querySelector('[data-testid="adl-indicator"]')).toBeNull();
});

describe('on a position row', () => {
  recordServer(({ url }) => {
    if (url === perpetual.openList.path) return ok([{ ...POSITION, adlRank: 3 }]);
    return undefined;
  });

  it('the open position row carries its indicator', async () => {
    renderTradeApp('/pages/trade-margin/index?symbol=BTCUSDT&tab=perp');
    const lists = await screen.findByTestId('lists-perp');
    const row = await within(lists).findByTestId('position-row');
    const indicator = within(row).getByRole('button', { name: 'Auto-deleveraging rank 3 of 5' });
    expect(lit(indicator)).toBe(3);
  });
});
