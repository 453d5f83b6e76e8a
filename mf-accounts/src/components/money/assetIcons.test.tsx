import { wallet } from '@meridian/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { createStore } from 'jotai';
import { COIN_ICONS_VERSION, tokenAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { CHANGE, installServer, ok, OVERVIEW, page } from './test-server';

let server: ReturnType<typeof installServer>;
beforeEach(() => {
  server = installServer({ [wallet.list.path]: ok(OVERVIEW), [wallet.changes.path]: ok(page([CHANGE])) });
  localStorage.clear();
});
afterEach(() => server.restore());

describe('wallet rows show the coin icon beside the asset', () => {
  it('the static SVG, decorative and sized, falling back to the letter when it fails', async () => {
    const store = createStore();
    store.set(tokenAtom, 'tok-1');
    renderWithPlatform(<App />, { url: '/pages/assets/index', store, translations: { namespace: NS, texts: translations } });
    const btc = await screen.findByTestId('asset-row-BTC');
    const icon = within(btc).getByTestId('coin-icon');
    expect(icon).toHaveAttribute('src', `/coins/${COIN_ICONS_VERSION}/btc.svg`);
    expect(icon).toHaveAttribute('alt', '');
    expect(icon).toHaveAttribute('width', '22');
    fireEvent.error(icon);
    expect(within(btc).getByTestId('coin-icon-fallback')).toHaveTextContent('B');
    expect(btc).toHaveTextContent('BTC');
  });
});
