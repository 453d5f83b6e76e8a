import { screen, within } from '@testing-library/react';
import { renderWithPlatform, commonTexts, describeRemoteRoutes } from '@meridian/shared/testing';
import { App } from './AppRoot';
import { NS, type Key } from './i18n';
import { translations } from './all-texts';
import manifest from '../meridian.routes.json';
import { installServer } from './components/invest/test-server';

// the investment screens read their products: each test gets empty answers instead of the network
let server: ReturnType<typeof installServer> | undefined;
beforeEach(() => {
  server = installServer({});
});
afterEach(() => server?.restore());

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
  ['/pages/earn/index', 'earnTitle', 'earnDescription'],
  ['/pages/smart-pool/index', 'smartPoolTitle', 'smartPoolDescription'],
  ['/pages/manage-account/index', 'manageAccountTitle', 'manageAccountDescription'],
  ['/pages/desktop/manage', 'manageAccountTitle', 'manageAccountDescription'],
  ['/pages/desktop/smart-pool/index', 'smartPoolTitle', 'smartPoolDescription'],
];

describe('mf_invest area index screens', () => {
  it.each(INDEX_SCREENS)('%s shows its translated title and description', (url, title, description) => {
    renderAt(url);
    expect(heading()).toHaveTextContent(en[title]);
    expect(screen.getByText(en[description])).toBeInTheDocument();
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
  it('the smart pool links to buy, my miners, income history and redeemed orders', () => {
    renderAt('/pages/smart-pool/index');
    expect(hrefs(en.sectionsLabel)).toEqual(['/pages/smart-pool/index', '/pages/smart-pool/my-order', '/pages/smart-pool/history', '/pages/smart-pool/redeemed']);
  });

  it('wealth financing links to its two component screens', () => {
    renderAt('/pages/manage-account/index');
    expect(hrefs(en.sectionsLabel)).toEqual(['/pages/manage-account/index', '/pages/manage-account/components/buy-financing', '/pages/manage-account/components/history-financing']);
  });

  it('desktop pages link to desktop pages only', () => {
    renderAt('/pages/desktop/smart-pool/index');
    expect(hrefs(en.sectionsLabel)).toEqual([
      '/pages/desktop/smart-pool/index',
      '/pages/desktop/smart-pool/my-order',
      '/pages/desktop/smart-pool/history',
      '/pages/desktop/smart-pool/redeemed',
    ]);
  });
});

describeRemoteRoutes({ namespace: NS, App, manifest, translations, linkSources: INDEX_SCREENS.map(([url]) => url).filter((url) => url !== '/pages/desktop/manage') });
