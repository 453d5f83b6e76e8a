import { http } from '@meridian/shared';
import type { AxiosAdapter } from 'axios';
import { screen } from '@testing-library/react';
import { renderWithPlatform, commonTexts, describeRemoteRoutes } from '@meridian/shared/testing';
import { App } from './AppRoot';
import { NS, type Key } from './i18n';
import { translations } from './all-texts';
import manifest from '../meridian.routes.json';

const common = commonTexts.en;

// The market screens load quotes: leave every call pending (no network, no late updates; the screens' own tests cover the data).
const defaultAdapter = http.defaults.adapter;
const pending: AxiosAdapter = () => new Promise(() => {});
beforeEach(() => {
  http.defaults.adapter = pending;
});
afterEach(() => {
  http.defaults.adapter = defaultAdapter;
});
const en = translations.en;

function renderAt(url: string, language = 'en') {
  return renderWithPlatform(<App />, { url, language, translations: { namespace: NS, texts: translations } });
}

const heading = () => screen.getByRole('heading', { level: 1 });

const INDEX_SCREENS: Array<[url: string, title: Key, description: Key | null]> = [
  ['/pages/quote/index', 'quoteTitle', 'quoteDescription'],
  ['/pages/trade-margin/index', 'tradeMarginTitle', null],
  ['/pages/trade-chart/index', 'tradeChartTitle', 'tradeChartDescription'],
  ['/pages/search/index', 'searchTitle', 'searchDescription'],
  ['/pages/desktop/market', 'quoteTitle', 'quoteDescription'],
  ['/pages/desktop/trade', 'tradeMarginTitle', null],
];

describe('mf_trading area index screens', () => {
  it.each(INDEX_SCREENS)('%s shows its translated title and description', (url, title, description) => {
    renderAt(url);
    expect(heading()).toHaveTextContent(en[title]);
    if (description) expect(screen.getByText(en[description])).toBeInTheDocument();
  });

  it.each(INDEX_SCREENS)('%s is translated (Japanese and Vietnamese)', (url, title) => {
    renderAt(url, 'jp');
    expect(heading()).toHaveTextContent(translations.jp[title]);
  });

  it('Vietnamese is served under the code ru', () => {
    renderAt('/pages/quote/index', 'ru');
    expect(heading()).toHaveTextContent('Thị trường');
  });

  it('a bare prefix opens the area index', () => {
    renderAt('/pages/trade-margin');
    expect(heading()).toHaveTextContent(en.tradeMarginTitle);
    expect(window.location.pathname).toBe('/pages/trade-margin/index');
  });
});

describe('mf_trading index links', () => {
  it('the trade tab is the trade screen (spot and perpetual tabs, order form, book), not a page of links', () => {
    renderAt('/pages/trade-margin/index');
    expect(screen.getByRole('tab', { name: en.tabSpot })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: en.tabPerpetual })).toBeInTheDocument();
    expect(screen.getByTestId('order-book')).toBeInTheDocument();
  });


  it('the market tab opens search from a search entry at the top; search returns to the markets', () => {
    const view = renderAt('/pages/quote/index');
    expect(screen.getByRole('link', { name: en.searchTitle })).toHaveAttribute('href', '/pages/search/index');
    view.unmount();
    renderAt('/pages/search/index');
    expect(screen.getByRole('link', { name: common.cancel })).toHaveAttribute('href', '/pages/quote/index');
  });

  it('the desktop market links to desktop pages only (the top navigation leads elsewhere)', () => {
    renderAt('/pages/desktop/market');
    for (const link of screen.queryAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^\/pages\/desktop\//);
  });

});

// the desktop market has no link of its own: its rows (once loaded) and the shell's top navigation lead on
describeRemoteRoutes({ namespace: NS, App, manifest, translations, linkSources: INDEX_SCREENS.map(([url]) => url).filter((url) => url !== '/pages/desktop/market') });
