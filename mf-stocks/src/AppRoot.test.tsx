import { screen } from '@testing-library/react';
import { renderWithPlatform, commonTexts, describeRemoteRoutes } from '@meridian/shared/testing';
import { App } from './AppRoot';
import { NS } from './i18n';
import { translations } from './all-texts';
import manifest from '../meridian.routes.json';

const common = commonTexts.en;

function renderAt(url: string, language = 'en') {
  return renderWithPlatform(<App />, { url, language, translations: { namespace: NS, texts: translations } });
}

const heading = () => screen.getByRole('heading', { level: 1 });

describe('mf_stocks routes', () => {
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

describeRemoteRoutes({ namespace: NS, App, manifest, translations, linkSources: [] });
