import { screen, within } from '@testing-library/react';
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
  ['/pages/c2c/index', 'c2cTitle', 'c2cDescription'],
  ['/pages/desktop/c2c', 'c2cTitle', 'c2cDescription'],
  ['/pages/desktop/otc', 'otcTitle', 'otcDescription'],
];

describe('mf_c2c area index screens', () => {
  it.each(INDEX_SCREENS)('%s shows its translated title and description', (url, title, description) => {
    renderAt(url);
    expect(heading()).toHaveTextContent(en[title]);
    expect(screen.getByText(en[description])).toBeInTheDocument();
    expect(screen.getByTestId('area-not-built')).toHaveTextContent(common.comingNext);
  });

  it.each(INDEX_SCREENS)('%s is translated (Korean)', (url, title, description) => {
    renderAt(url, 'kr');
    expect(heading()).toHaveTextContent(translations.kr[title]);
    expect(screen.getByText(translations.kr[description])).toBeInTheDocument();
  });

  it('Vietnamese is served under the code ru', () => {
    renderAt('/pages/c2c/index', 'ru');
    expect(heading()).toHaveTextContent('Giao dịch C2C');
  });

  it('a bare prefix opens the area index', () => {
    renderAt('/pages/c2c');
    expect(heading()).toHaveTextContent(en.c2cTitle);
    expect(window.location.pathname).toBe('/pages/c2c/index');
  });

  it('no screen is pending: the spec lists no C2C sub-screens yet', () => {
    expect(PENDING).toEqual([]);
  });
});

describe('mf_c2c index links', () => {
  it('mobile C2C links to wallet, deposit, convert and markets', () => {
    renderAt('/pages/c2c/index');
    expect(hrefs(common.relatedLabel)).toEqual(['/pages/wallet/index', '/pages/recharge/index', '/pages/convert/index', '/pages/quote/index']);
    expect(screen.getByRole('link', { name: en.rechargeLink })).toHaveAttribute('href', '/pages/recharge/index');
  });

  it('desktop C2C and OTC link to each other and to desktop pages only', () => {
    const view = renderAt('/pages/desktop/c2c');
    expect(hrefs(common.relatedLabel)).toEqual(['/pages/desktop/otc', '/pages/desktop/market', '/pages/desktop/assets']);
    view.unmount();
    renderAt('/pages/desktop/otc');
    expect(hrefs(common.relatedLabel)).toEqual(['/pages/desktop/c2c', '/pages/desktop/market', '/pages/desktop/assets']);
  });
});

describe('mf_c2c unknown paths', () => {
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
    renderAt('/pages/desktop/otc/nope', 'fr');
    expect(heading()).toHaveTextContent('Page introuvable');
  });

  it('renders nothing outside its prefixes', () => {
    const { container } = renderAt('/pages/home/index');
    expect(container).toBeEmptyDOMElement();
  });
});
