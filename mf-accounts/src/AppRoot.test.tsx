import { http, tokenAtom } from '@meridian/shared';
import { createStore } from 'jotai';
import { screen, within } from '@testing-library/react';
import { renderWithPlatform, commonTexts, describeRemoteRoutes } from '@meridian/shared/testing';
import { App } from './AppRoot';
import { NS, type Key } from './i18n';
import { translations } from './all-texts';
import manifest from '../meridian.routes.json';

const common = commonTexts.en;

// The login and sign-up forms (reached through links) load the country list: answer every call with an empty
// success instead of letting jsdom reach for a network. Their own tests live in pages/login/auth.test.tsx.
const defaultAdapter = http.defaults.adapter;
beforeAll(() => {
  http.defaults.adapter = async (config) => ({ data: { code: 0, msg: '', data: null }, status: 200, statusText: 'OK', headers: {}, config });
});
afterAll(() => {
  http.defaults.adapter = defaultAdapter;
});
const en = translations.en;

// Screens behind shared Protected open for a logged-in user (their visitor redirect is tested in
// pages/profile/profile.test.tsx). The wallet, assets, transfer and convert screens are real screens now: their
// tests are under pages/{wallet,assets,transfer,convert,desktop/assets}.
// The loan and notification screens too: pages/{loan,notification,desktop/loan,desktop/notification}.
const PROTECTED = ['/pages/profile/security-center', '/pages/profile/security-center/index', '/pages/profile/account-setting/index', '/pages/desktop/settings'];

function renderAt(url: string, language = 'en') {
  const store = createStore();
  if (PROTECTED.includes(url)) store.set(tokenAtom, 'tok-1');
  return renderWithPlatform(<App />, { url, language, store, translations: { namespace: NS, texts: translations } });
}

const heading = () => screen.getByRole('heading', { level: 1 });
const hrefs = (label: string) =>
  within(screen.getByRole('navigation', { name: label }))
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

const INDEX_SCREENS: Array<[url: string, title: Key, description: Key]> = [
  ['/pages/forgot-password/index', 'forgotPasswordTitle', 'forgotPasswordDescription'],
  ['/pages/profile/index', 'profileTitle', 'profileDescription'],
  ['/pages/profile/security-center/index', 'securityCenterTitle', 'securityCenterDescription'],
  ['/pages/profile/account-setting/index', 'accountSettingTitle', 'accountSettingDescription'],
  ['/pages/wallet/index', 'walletTitle', 'walletDescription'],
  ['/pages/privacy-policy/privacy-policy', 'privacyPolicyTitle', 'privacyPolicyDescription'],
  ['/pages/desktop/settings', 'settingsTitle', 'settingsDescription'],
];

describe('mf_accounts language screens', () => {
  it.each(['/pages/profile/language', '/pages/desktop/language'])('%s offers the nine languages', (url) => {
    renderAt(url);
    expect(heading()).toHaveTextContent(en.languageTitle);
    expect(screen.getAllByRole('radio')).toHaveLength(9);
  });
});

describe('mf_accounts area index screens', () => {
  it.each(INDEX_SCREENS)('%s shows its translated title and description', (url, title, description) => {
    renderAt(url);
    expect(heading()).toHaveTextContent(en[title]);
    expect(screen.getByText(en[description])).toBeInTheDocument();
  });

  it.each(INDEX_SCREENS)('%s is translated (Simplified Chinese)', (url, title, description) => {
    renderAt(url, 'zh');
    expect(heading()).toHaveTextContent(translations.zh[title]);
    expect(screen.getByText(translations.zh[description])).toBeInTheDocument();
  });

  it('Vietnamese is served under the code ru', () => {
    renderAt('/pages/wallet/index', 'ru');
    expect(heading()).toHaveTextContent('Ví');
  });

  it.each([
    ['/pages/login', '/pages/login/email-login'],
    ['/pages/findPwd', '/pages/forgot-password/index'],
    ['/pages/register/email', '/pages/register/email/index'],
    ['/pages/profile', '/pages/profile/index'],
    ['/pages/profile/security-center', '/pages/profile/security-center/index'],
    ['/pages/wallet', '/pages/wallet/index'],
    ['/pages/loan/components', '/pages/loan/index'],
    ['/pages/privacy-policy', '/pages/privacy-policy/privacy-policy'],
    ['/pages/desktop/loan', '/pages/desktop/loan/index'],
  ])('%s opens %s', (from, to) => {
    renderAt(from);
    expect(window.location.pathname).toBe(to);
    expect(screen.queryByText(common.notFoundTitle)).not.toBeInTheDocument();
  });
});

describe('mf_accounts index links', () => {
  it('the profile tab is a grouped menu: KYC (the screen a refused trade opens), security and settings; general; help', () => {
    renderAt('/pages/profile/index');
    expect(hrefs(en.menuGroupAccount)).toEqual(['/pages/profile/kyc-verification/index', '/pages/profile/security-center/index', '/pages/profile/account-setting/index']);
    expect(hrefs(en.menuGroupGeneral)).toEqual(['/pages/notification/index', '/pages/profile/language']);
    expect(within(screen.getByRole('navigation', { name: en.menuGroupGeneral })).getByRole('switch', { name: common.darkMode })).toBeInTheDocument();
    expect(hrefs(en.menuGroupHelp)).toEqual(['/pages/profile/helper-center', '/pages/profile/about-us', '/pages/privacy-policy/privacy-policy']);
  });


  it('every desktop index links only to desktop pages', () => {
    for (const [url] of INDEX_SCREENS.filter(([u]) => u.startsWith('/pages/desktop/'))) {
      const view = renderAt(url);
      for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^\/pages\/desktop\//);
      view.unmount();
    }
  });

});

describeRemoteRoutes({ namespace: NS, App, manifest, translations, linkSources: INDEX_SCREENS.map(([url]) => url), render: renderAt });
