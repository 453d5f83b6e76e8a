import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { renderWithPlatform } from '@meridian/shared/testing';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import type { MarketQuote } from '../../api/market';
import { QUOTE } from '../../testing/trade-fixtures';
import { SymbolBar } from './SymbolBar';

/* The symbol bar's price flashes on a move the way the quote lists' prices do (one mechanism, background only). */

const bar = (quote: MarketQuote | null) => (
  <MemoryRouter>
    <SymbolBar symbol="BTCUSDT" quote={quote} loading={false} onPick={jest.fn()} />
  </MemoryRouter>
);

describe('SymbolBar', () => {
  it('flashes the price up or down when it moves, not when it first shows', () => {
    const { rerender } = renderWithPlatform(bar(null), { translations: { namespace: NS, texts: translations } });
    rerender(bar(QUOTE));
    const last = () => screen.getByTestId('trade-last');
    expect(last()).toHaveTextContent(/^64,020\.00$/);
    expect(last()).not.toHaveAttribute('data-flash');
    expect(last()).not.toHaveClass('flashUp');

    rerender(bar({ ...QUOTE, price: '64030.5' }));
    expect(last()).toHaveAttribute('data-flash', 'up');
    expect(last()).toHaveClass('flashUp');
    // the price box keeps its own class (fixed size): the flash only adds a background
    expect(last()).toHaveClass('symbolLast');

    rerender(bar({ ...QUOTE, price: '64000' }));
    expect(last()).toHaveAttribute('data-flash', 'down');
    expect(last()).toHaveClass('flashDown');
    expect(last()).not.toHaveClass('flashUp');

    // another tick at the same price does not flash again
    const element = last();
    rerender(bar({ ...QUOTE, price: '64000', time: 3_000 }));
    expect(last()).toBe(element);
  });

  it('a tiny but real 24 h change is not shown as 0.00% beside its arrow', () => {
    renderWithPlatform(bar({ ...QUOTE, symbol: 'EOSUSDT', price: '0.7', changePercent: '0.0012' }), { translations: { namespace: NS, texts: translations } });
    const change = screen.getByTestId('trade-change');
    expect(change).toHaveAttribute('data-direction', 'up');
    expect(change).toHaveTextContent(/^▲ < \+0\.01%$/);
  });
});
