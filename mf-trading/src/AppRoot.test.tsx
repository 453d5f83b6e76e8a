import { http } from '@meridian/shared';
import type { AxiosAdapter } from 'axios';
import { screen } from '@testing-library/react';
import { renderWithPlatform, commonTexts } from '@meridian/shared/testing';
import { App } from './AppRoot';
import { NS, type Key } from './i18n';
import { translations } from './all-texts';
import { AREAS } from './paths';
import routes from '../meridian.routes.json';

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
    expect(screen.queryByTestId('area-pending')).not.toBeInTheDocument();
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
    expect(screen.queryByRole('navigation', { name: common.relatedLabel })).not.toBeInTheDocument();
  });

  it.each(['/pages/quote/index', '/pages/search/index', '/pages/desktop/market'])('%s is a working screen, not a site map: no link grid', (url) => {
    renderAt(url);
    expect(screen.queryByText(common.relatedLabel)).not.toBeInTheDocument();
    expect(screen.queryByText(common.screensLabel)).not.toBeInTheDocument();
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

  // the desktop market has no link of its own: its rows (once loaded) and the shell's top navigation lead on
  it.each(INDEX_SCREENS.map(([url]) => url).filter((url) => url !== '/pages/desktop/market'))('every link of %s inside this remote opens a real or pending screen', (url) => {
    const { unmount } = renderAt(url);
    const own = screen
      .getAllByRole('link')
      .map((link) => link.getAttribute('href') ?? '')
      .filter((href) => routes.routes.some((prefix) => href.startsWith(prefix)));
    unmount();
    expect(own.length).toBeGreaterThan(0);
    for (const href of own) {
      const view = renderAt(href);
      expect(screen.queryByText(common.notFoundTitle)).not.toBeInTheDocument();
      view.unmount();
    }
  });
});

describe('mf_trading detail screens', () => {
  it.each([
    '/pages/trade-margin/perpetual-contract/position-detail',
    '/pages/trade-margin/perpetual-contract/history-detail',
    '/pages/trade-margin/spot/order-detail',
    '/pages/trade-margin/spot/position-detail',
    '/pages/desktop/trade/components/history/spot/position-detail',
  ])('%s is a real screen (no pending note, no not-found)', (url) => {
    renderAt(url);
    expect(screen.queryByTestId('area-pending')).not.toBeInTheDocument();
    expect(screen.queryByText(common.notFoundTitle)).not.toBeInTheDocument();
  });
});

describe('mf_trading unknown paths', () => {
  it('every owned prefix has an area', () => {
    expect(AREAS.map((area) => area.prefix).sort()).toEqual([...routes.routes].sort());
  });

  it.each(routes.routes)('an unknown path under %s shows the translated not-found page', (prefix) => {
    renderAt(`${prefix}/no-such-screen`);
    expect(heading()).toHaveTextContent(common.notFoundTitle);
    const area = AREAS.find((a) => a.prefix === prefix)!;
    expect(screen.getByRole('link', { name: `Back to ${en[area.title]}` })).toHaveAttribute('href', area.index);
  });

  it('the not-found page is translated', () => {
    renderAt('/pages/quote/nope', 'ge');
    expect(heading()).toHaveTextContent('Seite nicht gefunden');
  });

  it('renders nothing outside its prefixes', () => {
    const { container } = renderAt('/pages/home/index');
    expect(container).toBeEmptyDOMElement();
  });
});
