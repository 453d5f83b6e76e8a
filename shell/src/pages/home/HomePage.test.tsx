import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getInstance, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { MicroApp } from '@meridian/shared';
import { createMockRemoteLoader, renderWithPlatform } from '@meridian/shared/testing';
import { shellTranslations } from '../../all-texts';
import { ShellPages } from '../ShellPages';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(), getInstance: jest.fn(), registerRemotes: jest.fn() }));

const en = shellTranslations.en;
// the product tiles are the remotes' home.entries (their texts in their own locale files)
const tradingEn = jest.requireActual<typeof import('../../../../mf-trading/locales/en/mf_trading.json')>('../../../../mf-trading/locales/en/mf_trading.json');
const c2cEn = jest.requireActual<typeof import('../../../../mf-c2c/locales/en/mf_c2c.json')>('../../../../mf-c2c/locales/en/mf_c2c.json');
const WIDGET = 'mf_trading/market-widget';
const MF_TRADING = { name: 'mf_trading', entry: 'http://localhost/remotes/mf_trading/0.1.0/mf-manifest.json' };

/** A module as mf_trading exposes it (the mock loader's table holds apps, hence the cast). */
const widgetModule = (MarketWidget: () => ReactNode) => ({ MarketWidget }) as unknown as MicroApp;
const LiveWidget = () => <section data-testid="market-widget">BTCUSDT 64250.50</section>;
/** What the shell's isolation plugin answers for a remote that is down: a stand-in app, not the widget. */
const standInApp: MicroApp = { bootstrap: async () => undefined, mount: async () => undefined, unmount: async () => undefined };

function serve(...answers: Array<MicroApp | Error>) {
  const loaders = answers.map((answer) => createMockRemoteLoader({ [WIDGET]: answer }));
  const requests: string[] = [];
  jest.mocked(loadRemote).mockImplementation(((id: string) => {
    requests.push(id);
    return (loaders.length > 1 ? loaders.shift()! : loaders[0]!).loadRemote(id);
  }) as typeof loadRemote);
  return requests;
}

beforeEach(() => {
  jest.mocked(getInstance).mockReturnValue({ options: { remotes: [MF_TRADING] } } as unknown as ReturnType<typeof getInstance>);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

const renderHome = (language = 'en') => renderWithPlatform(<ShellPages />, { url: '/pages/home/index', translations: { namespace: 'shell', texts: shellTranslations }, language });

describe('home: the market overview from mf_trading', () => {
  it('loads mf_trading/market-widget through federation and shows it above the product entries', async () => {
    const requests = serve(widgetModule(LiveWidget));
    renderHome();
    expect(await screen.findByTestId('market-widget')).toHaveTextContent('BTCUSDT 64250.50');
    expect(requests).toEqual([WIDGET]);
    expect(screen.getByRole('link', { name: new RegExp(tradingEn.slotEntrySpot) })).toBeInTheDocument();
    expect(screen.queryByTestId('market-widget-fallback')).not.toBeInTheDocument();
  });

  it('a widget that fails to load leaves a small card with a retry, and the rest of home works', async () => {
    const user = userEvent.setup();
    const requests = serve(new Error('mf_trading is down'), widgetModule(LiveWidget));
    renderHome();
    const card = await screen.findByTestId('market-widget-fallback');
    expect(card).toHaveTextContent(en.marketWidgetUnavailable);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.homeTitle);
    expect(screen.getByRole('link', { name: new RegExp(c2cEn.slotEntryC2c) })).toHaveAttribute('href', '/pages/c2c/index');

    await user.click(within(screen.getByTestId('market-widget-fallback')).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('market-widget')).toBeInTheDocument();
    expect(requests).toEqual([WIDGET, WIDGET]);
    // the retry fetches mf_trading anew, as the shell's own app retry does
    expect(registerRemotes).toHaveBeenCalledWith([MF_TRADING], { force: true });
  });

  it('the isolation plugin’s stand-in app (mf_trading down) is not taken for the widget', async () => {
    serve(standInApp);
    renderHome();
    expect(await screen.findByTestId('market-widget-fallback')).toBeInTheDocument();
  });

  it('a widget that throws while rendering stays inside its card', async () => {
    serve(
      widgetModule(() => {
        throw new Error('render failed');
      }),
    );
    renderHome();
    expect(await screen.findByTestId('market-widget-fallback')).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: en.homeEntries })).toBeInTheDocument();
  });

  it('the fallback card is translated', async () => {
    serve(new Error('down'));
    renderHome('kr');
    await waitFor(() => expect(screen.getByTestId('market-widget-fallback')).toHaveTextContent(shellTranslations.kr.marketWidgetUnavailable));
    expect(within(screen.getByTestId('market-widget-fallback')).getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });
});
