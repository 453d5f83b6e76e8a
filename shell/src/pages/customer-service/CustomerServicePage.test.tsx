import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, setSession, toastsAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { createStore } from 'jotai';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { shellTranslations } from '../../all-texts';
import { ShellPages } from '../ShellPages';

const texts = { namespace: 'shell', texts: shellTranslations };
const CS = '/pages/home/components/customer-service';
const CS_MOBILE = '/pages/home/components/customer-service-mobile';
const WEBSITE = '/pages/home/components/website-company';

const original = http.defaults.adapter;
let requests: string[];

/** Answers getSetting with these settings (or the given failure), through the platform's one axios instance. */
function serve(answers: (() => object | Error)[]) {
  requests = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig): Promise<AxiosResponse> => {
    requests.push(config.url ?? '');
    const next = answers.length > 1 ? answers.shift()! : answers[0]!;
    const data = next();
    if (data instanceof Error) throw data;
    return { data: { code: 0, msg: 'ok', data }, status: 200, statusText: 'OK', headers: {}, config };
  };
  http.defaults.adapter = adapter;
}
const settings = (customerServiceUrl: string, companyWebsite = '') => () => ({
  mobileOnly: true,
  appVersion: '1.0.0',
  customerServiceUrl,
  companyWebsite,
});

function renderAt(url: string, { loggedIn, language = 'en' }: { loggedIn: boolean; language?: string }) {
  const store = createStore();
  if (loggedIn) setSession(store, { token: 'tok' });
  return renderWithPlatform(<ShellPages />, { url, translations: texts, store, language });
}

afterEach(() => {
  http.defaults.adapter = original;
  localStorage.clear();
});

describe('customer service pages', () => {
  it.each([CS, CS_MOBILE])('%s: a visitor is sent to login with "Please log in first" and a way back', async (path) => {
    serve([settings('https://support.example.com/chat')]);
    const { store } = renderAt(path, { loggedIn: false });
    await waitFor(() => expect(window.location.pathname).toBe('/pages/login/email-login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe(path);
    expect(store.get(toastsAtom).map((toast) => toast.text)).toEqual(['Please log in first']);
    expect(screen.queryByRole('link', { name: /Open customer service/ })).toBeNull();
    expect(requests).toEqual([]);
  });

  it.each([CS, CS_MOBILE])('%s: a logged-in user gets the configured customer service, in a new tab', async (path) => {
    serve([settings('https://support.example.com/chat')]);
    const { store } = renderAt(path, { loggedIn: true });
    const link = await screen.findByRole('link', { name: /Open customer service/ });
    expect(link).toHaveAttribute('href', 'https://support.example.com/chat');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    expect(link).toHaveTextContent('(opens in a new tab)');
    expect(screen.getByRole('heading', { name: 'Customer service' })).toBeInTheDocument();
    expect(window.location.pathname).toBe(path);
    expect(store.get(toastsAtom)).toEqual([]);
    expect(requests).toEqual(['/asset/api/site-setting/getSetting']);
  });

  it('no customer service configured: a clear empty state, no link', async () => {
    serve([settings('')]);
    renderAt(CS, { loggedIn: true });
    expect(await screen.findByText('Customer service is not configured')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('an address that is not http(s) counts as not configured', async () => {
    serve([settings('javascript:alert(1)')]);
    renderAt(CS, { loggedIn: true });
    expect(await screen.findByText('Customer service is not configured')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('shows loading, then an error with retry that loads again', async () => {
    serve([() => new Error('Network Error'), settings('https://support.example.com/chat')]);
    renderAt(CS, { loggedIn: true });
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The settings could not be loaded');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: /Open customer service/ })).toHaveAttribute('href', 'https://support.example.com/chat');
    expect(requests).toHaveLength(2);
  });

  it('speaks the current language', async () => {
    serve([settings('')]);
    renderAt(CS, { loggedIn: true, language: 'ru' });
    expect(await screen.findByText('Chưa cấu hình chăm sóc khách hàng')).toBeInTheDocument();
  });
});

describe('company website page', () => {
  it('is open to visitors and shows the configured website', async () => {
    serve([settings('', 'https://www.example.com')]);
    renderAt(WEBSITE, { loggedIn: false });
    const link = await screen.findByRole('link', { name: /Visit the company website/ });
    expect(link).toHaveAttribute('href', 'https://www.example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(window.location.pathname).toBe(WEBSITE);
  });

  it('no website configured: the empty state', async () => {
    serve([settings('https://support.example.com/chat', '')]);
    renderAt(WEBSITE, { loggedIn: false });
    expect(await screen.findByText('The company website is not configured')).toBeInTheDocument();
    expect(screen.queryByRole('link')).toBeNull();
  });
});
