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
  ['/pages/ico/index', 'icoTitle', 'icoDescription'],
  ['/pages/earn/index', 'earnTitle', 'earnDescription'],
  ['/pages/smart-pool/index', 'smartPoolTitle', 'smartPoolDescription'],
  ['/pages/manage-account/index', 'manageAccountTitle', 'manageAccountDescription'],
  ['/pages/desktop/ico', 'icoTitle', 'icoDescription'],
  ['/pages/desktop/manage', 'manageAccountTitle', 'manageAccountDescription'],
  ['/pages/desktop/smart-pool/index', 'smartPoolTitle', 'smartPoolDescription'],
];

describe('mf_invest area index screens', () => {
  it.each(INDEX_SCREENS)('%s shows its translated title and description', (url, title, description) => {
    renderAt(url);
    expect(heading()).toHaveTextContent(en[title]);
    expect(screen.getByText(en[description])).toBeInTheDocument();
    expect(screen.getByTestId('area-not-built')).toHaveTextContent(common.comingNext);
    expect(screen.queryByTestId('area-pending')).not.toBeInTheDocument();
  });

  it.each(INDEX_SCREENS)('%s is translated (German)', (url, title, description) => {
    renderAt(url, 'ge');
    expect(heading()).toHaveTextContent(translations.ge[title]);
    expect(screen.getByText(translations.ge[description])).toBeInTheDocument();
  });

  it('Vietnamese is served under the code ru', () => {
    renderAt('/pages/smart-pool/index', 'ru');
    expect(heading()).toHaveTextContent('Quỹ đào thông minh');
  });

  it.each([
    ['/pages/ico', '/pages/ico/index'],
    ['/pages/earn', '/pages/earn/index'],
    ['/pages/smart-pool', '/pages/smart-pool/index'],
    ['/pages/manage-account', '/pages/manage-account/index'],
    ['/pages/manage-account/components', '/pages/manage-account/index'],
    ['/pages/desktop/smart-pool', '/pages/desktop/smart-pool/index'],
  ])('%s opens %s', (from, to) => {
    renderAt(from);
    expect(window.location.pathname).toBe(to);
    expect(screen.queryByText(common.notFoundTitle)).not.toBeInTheDocument();
  });
});

describe('mf_invest index links', () => {
  it('earn links to the smart pool and wealth financing, then to token offerings and the wallet', () => {
    renderAt('/pages/earn/index');
    expect(hrefs(common.screensLabel)).toEqual(['/pages/smart-pool/index', '/pages/manage-account/index']);
    expect(hrefs(common.relatedLabel)).toEqual(['/pages/ico/index', '/pages/wallet/index']);
  });

  it('the smart pool links to buy, my miners, income history and redeemed orders', () => {
    renderAt('/pages/smart-pool/index');
    expect(hrefs(common.screensLabel)).toEqual([
      '/pages/smart-pool/buy',
      '/pages/smart-pool/my-order',
      '/pages/smart-pool/history',
      '/pages/smart-pool/redeemed',
    ]);
    expect(screen.getByRole('link', { name: en.smartPoolMyOrderTitle })).toHaveAttribute('href', '/pages/smart-pool/my-order');
  });

  it('wealth financing links to its two component screens', () => {
    renderAt('/pages/manage-account/index');
    expect(hrefs(common.screensLabel)).toEqual(['/pages/manage-account/components/buy-financing', '/pages/manage-account/components/history-financing']);
  });

  it('desktop pages link to desktop pages only', () => {
    renderAt('/pages/desktop/smart-pool/index');
    expect(hrefs(common.screensLabel)).toEqual([
      '/pages/desktop/smart-pool/buy',
      '/pages/desktop/smart-pool/my-order',
      '/pages/desktop/smart-pool/history',
      '/pages/desktop/smart-pool/redeemed',
    ]);
    expect(hrefs(common.relatedLabel)).toEqual(['/pages/desktop/manage', '/pages/desktop/ico', '/pages/desktop/assets']);
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

describe('mf_invest pending screens', () => {
  it.each(PENDING.map((route) => [route.path, route] as const))('%s shows its title, the coming-next note and a way back', (_path, route) => {
    renderAt(route.path);
    expect(heading()).toHaveTextContent(en[route.title]);
    expect(screen.getByTestId('area-pending')).toHaveTextContent('This part is being built and will open here.');
    expect(screen.getByRole('link', { name: `Back to ${en[route.areaTitle]}` })).toHaveAttribute('href', route.area);
  });

  it('the way back is router navigation to the area index', async () => {
    renderAt('/pages/smart-pool/confirm-buy');
    await userEvent.click(screen.getByRole('link', { name: `Back to ${en.smartPoolTitle}` }));
    expect(heading()).toHaveTextContent(en.smartPoolTitle);
    expect(window.location.pathname).toBe('/pages/smart-pool/index');
  });
});

describe('mf_invest unknown paths', () => {
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
    renderAt('/pages/earn/nope', 'it');
    expect(heading()).toHaveTextContent('Pagina non trovata');
  });

  it('renders nothing outside its prefixes', () => {
    const { container } = renderAt('/pages/home/index');
    expect(container).toBeEmptyDOMElement();
  });
});
