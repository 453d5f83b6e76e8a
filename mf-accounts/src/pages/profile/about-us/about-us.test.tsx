import { site } from '@meridian/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { APP_VERSION, http, tokenAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../../AppRoot';
import { NS } from '../../../i18n';
import { translations } from '../../../all-texts';
import { isNewerVersion, type SiteSettings } from '../../../api/site';

const en = translations.en;

const SETTINGS: SiteSettings = {
  mobileOnly: true,
  appVersion: '1.0.0',
  languages: ['en', 'hk', 'zh', 'kr', 'jp', 'ge', 'fr', 'it', 'ru'],
  defaultLanguage: 'en',
  customerServiceUrl: 'https://chat.example.com/meridian',
  companyWebsite: '',
};

type Answer = { code: number; msg: string; data: unknown } | 'network';
let answers: Answer[];
let requested: string[];
const defaultAdapter = http.defaults.adapter;
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  requested.push(config.url ?? '');
  const answer = answers.length > 1 ? answers.shift()! : answers[0]!;
  if (answer === 'network') throw Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK', config });
  return { data: answer, status: 200, statusText: 'OK', headers: {}, config };
};
const ok = (data: unknown) => ({ code: 0, msg: 'success', data });

beforeEach(() => {
  requested = [];
  answers = [ok(SETTINGS)];
  http.defaults.adapter = adapter;
  localStorage.clear();
});
afterEach(() => {
  http.defaults.adapter = defaultAdapter;
});

function renderAt({ loggedIn = false, language = 'en' }: { loggedIn?: boolean; language?: string } = {}) {
  const store = createStore();
  if (loggedIn) store.set(tokenAtom, 'tok-1');
  return renderWithPlatform(<App />, { url: '/pages/profile/about-us', language, store, translations: { namespace: NS, texts: translations } });
}

describe('about us (/pages/profile/about-us)', () => {
  it('says what Meridian is and what it commits to, and shows the app version 1.0.0', async () => {
    renderAt({ loggedIn: true });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.aboutUsTitle);
    expect(screen.getByText(en.aboutWhatText)).toBeInTheDocument();
    expect(screen.getByText(en.aboutCommitmentOperators)).toBeInTheDocument();
    expect(APP_VERSION).toBe('1.0.0');
    expect(screen.getByTestId('about-version')).toHaveTextContent('1.0.0');
    expect(await screen.findByTestId('about-latest')).toHaveTextContent('1.0.0');
    expect(requested).toEqual([site.settings.path]);
    expect(screen.queryByTestId('about-update')).not.toBeInTheDocument();
  });

  it('shows the site settings: languages by their own names, customer service when configured, no website when not', async () => {
    renderAt({ loggedIn: true });
    const languages = await screen.findByTestId('about-languages');
    expect(within(languages).getByText('Tiếng Việt')).toHaveAttribute('lang', 'vi');
    expect(within(languages).getByText('繁體中文')).toBeInTheDocument();
    expect(within(screen.getByTestId('about-customer-service')).getByRole('link', { name: en.faqContactLink })).toHaveAttribute(
      'href',
      '/pages/home/components/customer-service',
    );
    expect(screen.getByTestId('about-website')).toHaveTextContent(en.aboutNotConfigured);
  });

  it('a visitor is offered to log in for customer service; a configured website links to its page', async () => {
    answers = [ok({ ...SETTINGS, companyWebsite: 'https://example.com' })];
    renderAt();
    const website = await screen.findByTestId('about-website');
    expect(within(website).getByRole('link', { name: en.aboutOpenWebsite })).toHaveAttribute('href', '/pages/home/components/website-company');
    expect(within(screen.getByTestId('about-customer-service')).getByRole('link', { name: en.faqContactLogin })).toHaveAttribute(
      'href',
      `/pages/login/email-login?redirect=${encodeURIComponent('/pages/home/components/customer-service')}`,
    );
  });

  it('says when the server offers a newer release, and when no customer service is configured', async () => {
    answers = [ok({ ...SETTINGS, appVersion: '1.2.0', customerServiceUrl: '' })];
    renderAt({ loggedIn: true });
    expect(await screen.findByTestId('about-update')).toHaveTextContent(en.aboutUpdateHint);
    expect(screen.getByTestId('about-latest')).toHaveTextContent('1.2.0');
    expect(screen.getByTestId('about-customer-service')).toHaveTextContent(en.aboutNotConfigured);
  });

  it('keeps the page when the settings fail, with a retry', async () => {
    const user = userEvent.setup();
    answers = ['network', ok(SETTINGS)];
    renderAt();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.aboutSettingsFailed);
    expect(screen.getByTestId('about-version')).toHaveTextContent('1.0.0');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('about-latest')).toHaveTextContent('1.0.0');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('links to the user policy, the privacy policy and the help centre', async () => {
    renderAt();
    const nav = screen.getByRole('navigation', { name: en.aboutLinksTitle });
    expect(within(nav).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/pages/privacy-policy/privacy-policy?type=user',
      '/pages/privacy-policy/privacy-policy',
      '/pages/profile/helper-center',
    ]);
    await screen.findByTestId('about-latest');
  });

  it('is translated', async () => {
    renderAt({ language: 'ge' });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(translations.ge.aboutUsTitle);
    expect(screen.getByText(translations.ge.aboutVersionLabel)).toBeInTheDocument();
    await screen.findByTestId('about-latest');
  });
});

describe('isNewerVersion', () => {
  it('compares major.minor.patch numerically and refuses what is not a version', () => {
    expect(isNewerVersion('1.0.1', '1.0.0')).toBe(true);
    expect(isNewerVersion('1.10.0', '1.9.9')).toBe(true);
    expect(isNewerVersion('1.0.0', '1.0.0')).toBe(false);
    expect(isNewerVersion('0.9.0', '1.0.0')).toBe(false);
    expect(isNewerVersion('', '1.0.0')).toBe(false);
    expect(isNewerVersion('2.0.0-beta', '1.0.0')).toBe(false);
  });
});
