import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithPlatform, commonTexts } from '@meridian/shared/testing';
import { App } from './AppRoot';
import { NS, type Key } from './i18n';
import { translations } from './all-texts';
import { AREAS, PENDING } from './paths';
import routes from '../meridian.routes.json';

const common = commonTexts.en;
const en = translations.en;

function renderAt(url: string, language = 'en') {
  return renderWithPlatform(<App />, { url, language, translations: { namespace: NS, texts: translations } });
}

const heading = () => screen.getByRole('heading', { level: 1 });
const hrefs = (label: string) =>
  within(screen.getByRole('navigation', { name: label }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

const INDEX_SCREENS: Array<[url: string, title: Key, description: Key]> = [
  ['/pages/stock/index', 'stockTitle', 'stockDescription'],
  ['/pages/stock/ai-trading/index', 'aiTradingTitle', 'aiTradingDescription'],
  ['/pages/stock/day-trading/index', 'dayTradingTitle', 'dayTradingDescription'],
  ['/pages/block-trade/index', 'blockTradeTitle', 'blockTradeDescription'],
  ['/pages/desktop/block-trade/index', 'blockTradeTitle', 'blockTradeDescription'],
];

describe('mf_stocks area index screens', () => {
  it.each(INDEX_SCREENS)('%s shows its translated title and description', (url, title, description) => {
    renderAt(url);
    expect(heading()).toHaveTextContent(en[title]);
    expect(screen.getByText(en[description])).toBeInTheDocument();
    expect(screen.getByTestId('area-not-built')).toHaveTextContent(common.comingNext);
    expect(screen.queryByTestId('area-pending')).not.toBeInTheDocument();
  });

  it.each(INDEX_SCREENS)('%s is translated (Traditional Chinese)', (url, title, description) => {
    renderAt(url, 'hk');
    expect(heading()).toHaveTextContent(translations.hk[title]);
    expect(screen.getByText(translations.hk[description])).toBeInTheDocument();
  });

  it('Vietnamese is served under the code ru', () => {
    renderAt('/pages/stock/index', 'ru');
    expect(heading()).toHaveTextContent('Cổ phiếu');
  });

  it.each([
    ['/pages/stock', '/pages/stock/index'],
    ['/pages/block-trade', '/pages/block-trade/index'],
    ['/pages/desktop/block-trade', '/pages/desktop/block-trade/index'],
    ['/pages/stock/ai-trading', '/pages/stock/ai-trading/index'],
    ['/pages/stock/day-trading', '/pages/stock/day-trading/index'],
  ])('%s opens %s', (from, to) => {
    renderAt(from);
    expect(window.location.pathname).toBe(to);
    expect(screen.queryByText(common.notFoundTitle)).not.toBeInTheDocument();
  });
});

describe('mf_stocks index links', () => {
  it('the stock index links to its screens, the AI fund and day trading, and to related areas', () => {
    renderAt('/pages/stock/index');
    expect(hrefs(common.screensLabel)).toEqual([
      '/pages/stock/search',
      '/pages/stock/stock-detail',
      '/pages/stock/stock-buy-sell',
      '/pages/stock/ai-trading/index',
      '/pages/stock/day-trading/index',
    ]);
    expect(hrefs(common.relatedLabel)).toEqual(['/pages/block-trade/index', '/pages/quote/index', '/pages/wallet/index']);
  });

  it('day trading links to transfer in/out, fund records and position details', () => {
    renderAt('/pages/stock/day-trading/index');
    expect(hrefs(common.screensLabel)).toEqual([
      '/pages/stock/day-trading/switch-to',
      '/pages/stock/day-trading/roll-out',
      '/pages/stock/day-trading/fund-records',
      '/pages/stock/day-trading/position-detail',
    ]);
  });

  it('desktop block trades link to desktop screens only', () => {
    renderAt('/pages/desktop/block-trade/index');
    expect(hrefs(common.screensLabel)).toEqual(['/pages/desktop/block-trade/buy', '/pages/desktop/block-trade/history']);
    expect(hrefs(common.relatedLabel)).toEqual(['/pages/desktop/market', '/pages/desktop/trade', '/pages/desktop/assets']);
  });

  it.each(INDEX_SCREENS.map(([url]) => url))('every link of %s inside this remote opens a real or pending screen', (url) => {
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

describe('mf_stocks pending screens', () => {
  it.each(PENDING.map((route) => [route.path, route] as const))('%s shows its title, the coming-next note and a way back', (_path, route) => {
    renderAt(route.path);
    expect(heading()).toHaveTextContent(en[route.title]);
    expect(screen.getByTestId('area-pending')).toHaveTextContent('This part is being built and will open here.');
    expect(screen.getByRole('link', { name: `Back to ${en[route.areaTitle]}` })).toHaveAttribute('href', route.area);
  });

  it('the way back is router navigation to the area index', async () => {
    renderAt('/pages/stock/ai-trading/stock-ai-buy');
    await userEvent.click(screen.getByRole('link', { name: `Back to ${en.aiTradingTitle}` }));
    expect(heading()).toHaveTextContent(en.aiTradingTitle);
    expect(window.location.pathname).toBe('/pages/stock/ai-trading/index');
  });
});

describe('mf_stocks unknown paths', () => {
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
    renderAt('/pages/stock/ai-trading/nope', 'it');
    expect(heading()).toHaveTextContent('Pagina non trovata');
  });

  it('renders nothing outside its prefixes', () => {
    const { container } = renderAt('/pages/home/index');
    expect(container).toBeEmptyDOMElement();
  });
});
