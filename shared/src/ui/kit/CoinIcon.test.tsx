import { fireEvent, screen } from '@testing-library/react';
import { renderWithPlatform } from '../../testing';
import { CoinIcon } from './CoinIcon';
import { COIN_ICONS_VERSION, coinIconUrl } from './coin-icon-path';

describe('CoinIcon', () => {
  it('is the static SVG of the coin, decorative, with its size set (no layout shift while it loads)', () => {
    renderWithPlatform(<CoinIcon coin="BTC" size={24} />);
    const img = screen.getByTestId('coin-icon');
    expect(img).toHaveAttribute('src', `/coins/${COIN_ICONS_VERSION}/btc.svg`);
    expect(img).toHaveAttribute('alt', '');
    expect(img).toHaveAttribute('width', '24');
    expect(img).toHaveAttribute('height', '24');
    expect(screen.queryByTestId('coin-icon-fallback')).not.toBeInTheDocument();
  });

  it('falls back to the coin’s letter in a circle of the same size when the file fails', () => {
    renderWithPlatform(<CoinIcon coin="ZZZ" size={24} />);
    fireEvent.error(screen.getByTestId('coin-icon'));
    const fallback = screen.getByTestId('coin-icon-fallback');
    expect(fallback).toHaveTextContent('Z');
    expect(fallback).toHaveAttribute('aria-hidden', 'true');
    expect(fallback).toHaveStyle({ width: '24px', height: '24px' });
    expect(screen.queryByTestId('coin-icon')).not.toBeInTheDocument();
  });

  it('tries the image again for another coin after one failed', () => {
    const view = renderWithPlatform(<CoinIcon coin="ZZZ" />);
    fireEvent.error(screen.getByTestId('coin-icon'));
    view.rerender(<CoinIcon coin="ETH" />);
    expect(screen.getByTestId('coin-icon')).toHaveAttribute('src', `/coins/${COIN_ICONS_VERSION}/eth.svg`);
  });

  it('shows the letter at once, with no request, for instruments without a coin icon or a name no file can have', () => {
    renderWithPlatform(
      <>
        <CoinIcon coin="AAPL" icon={false} />
        <CoinIcon coin="7203:TSE" />
      </>,
    );
    expect(screen.queryByTestId('coin-icon')).not.toBeInTheDocument();
    expect(screen.getAllByTestId('coin-icon-fallback').map((el) => el.textContent)).toEqual(['A', '7']);
    expect(coinIconUrl(' eth ')).toBe(`/coins/${COIN_ICONS_VERSION}/eth.svg`);
    expect(coinIconUrl('../x')).toBeNull();
  });
});
