import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import { POLICY_FILES, parsePolicy } from './policy';

const en = translations.en;

const PRIVACY = `MERIDIAN PRIVACY POLICY

This policy explains what we keep
and why.

1. WHAT WE KEEP

- Account: your e-mail
  or phone.
- Sessions.

Last updated: 1 January 2026.
`;
const USER = `MERIDIAN USER POLICY (TERMS OF USE)

Demo funds have no value.
`;

type Reply = { status: number; body: unknown; type?: string } | 'network';
let replies: Record<string, Reply[]>;
let requested: Array<{ url: string; responseType: string | undefined }>;
const defaultAdapter = http.defaults.adapter;

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const url = config.url ?? '';
  requested.push({ url, responseType: config.responseType });
  const queue = replies[url] ?? [];
  const reply = queue.length > 1 ? queue.shift()! : (queue[0] ?? { status: 404, body: 'not found' });
  if (reply === 'network') {
    const error = Object.assign(new Error('Network Error'), { isAxiosError: true, code: 'ERR_NETWORK', config });
    throw error;
  }
  const response = { data: reply.body, status: reply.status, statusText: '', headers: { 'content-type': reply.type ?? 'text/plain; charset=utf-8' }, config };
  if (reply.status >= 400) throw Object.assign(new Error(`Request failed with status code ${reply.status}`), { isAxiosError: true, response, config });
  return response;
};

beforeEach(() => {
  requested = [];
  replies = {
    [POLICY_FILES.privacy]: [{ status: 200, body: PRIVACY }],
    [POLICY_FILES.user]: [{ status: 200, body: USER }],
  };
  http.defaults.adapter = adapter;
  localStorage.clear();
});
afterEach(() => {
  http.defaults.adapter = defaultAdapter;
});

const renderAt = (url: string, language = 'en') => renderWithPlatform(<App />, { url, language, translations: { namespace: NS, texts: translations } });

describe('policies (/pages/privacy-policy/privacy-policy)', () => {
  it('shows the privacy policy by default, fetched as text from /static/files, reflowed into headings, paragraphs and lists', async () => {
    renderAt('/pages/privacy-policy/privacy-policy');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.privacyPolicyTitle);
    expect(screen.getByRole('tab', { name: en.privacyPolicyTitle })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tab', { name: en.userPolicyTitle })).toHaveAttribute('aria-selected', 'false');
    expect(screen.getByRole('status')).toHaveTextContent(en.policyLoading);
    const documentEl = await screen.findByTestId('policy-document');
    expect(documentEl).toHaveAttribute('lang', 'en');
    expect(within(documentEl).getByRole('heading', { name: '1. WHAT WE KEEP' })).toBeInTheDocument();
    expect(within(documentEl).getByText('This policy explains what we keep and why.')).toBeInTheDocument();
    expect(within(documentEl).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Account: your e-mail or phone.', 'Sessions.']);
    expect(requested).toEqual([{ url: '/static/files/privacy_policy.txt', responseType: 'text' }]);
    // English is the source language: no note
    expect(screen.queryByTestId('policy-english-note')).not.toBeInTheDocument();
  });

  it('?type=user opens the user policy; the tabs switch between them and keep the choice in the address', async () => {
    const user = userEvent.setup();
    renderAt('/pages/privacy-policy/privacy-policy?type=user');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.userPolicyTitle);
    expect(await screen.findByText('Demo funds have no value.')).toBeInTheDocument();
    expect(requested.map((r) => r.url)).toEqual(['/static/files/user_policy.txt']);

    await user.click(screen.getByRole('tab', { name: en.privacyPolicyTitle }));
    expect(await screen.findByText('This policy explains what we keep and why.')).toBeInTheDocument();
    expect(window.location.search).toBe('');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.privacyPolicyTitle);

    // arrow keys move between the tabs (WAI-ARIA tabs)
    screen.getByRole('tab', { name: en.privacyPolicyTitle }).focus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: en.userPolicyTitle })).toHaveFocus();
    expect(window.location.search).toBe('?type=user');
    expect(await screen.findByText('Demo funds have no value.')).toBeInTheDocument();
  });

  it('a failed load shows the error with a retry that loads it again', async () => {
    const user = userEvent.setup();
    replies[POLICY_FILES.privacy] = ['network', { status: 200, body: PRIVACY }];
    renderAt('/pages/privacy-policy/privacy-policy');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(en.policyLoadFailed);
    expect(alert).toHaveTextContent(en.policyLoadFailedHint);
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('policy-document')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requested).toHaveLength(2);
  });

  it('a 404 or an HTML page instead of the text is an error, not a policy', async () => {
    replies[POLICY_FILES.privacy] = [{ status: 200, body: '<!doctype html><html><body>app</body></html>', type: 'text/html; charset=utf-8' }];
    const view = renderAt('/pages/privacy-policy/privacy-policy');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.policyLoadFailed);
    expect(screen.queryByTestId('policy-document')).not.toBeInTheDocument();
    view.unmount();
    replies[POLICY_FILES.user] = [{ status: 404, body: 'not found' }];
    renderAt('/pages/privacy-policy/privacy-policy?type=user');
    expect(await screen.findByRole('alert')).toHaveTextContent(en.policyLoadFailed);
  });

  it('in another language the screen is translated and a translated note says the document is in English', async () => {
    renderAt('/pages/privacy-policy/privacy-policy', 'jp');
    const jp = translations.jp;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(jp.privacyPolicyTitle);
    expect(screen.getByRole('tab', { name: jp.userPolicyTitle })).toBeInTheDocument();
    expect(screen.getByTestId('policy-english-note')).toHaveTextContent(jp.policyEnglishNote);
    await waitFor(() => expect(screen.getByTestId('policy-document')).toHaveTextContent('This policy explains what we keep and why.'));
  });
});

describe('parsePolicy', () => {
  it('reads headings, paragraphs (joined lines) and lists (with continued items), ignoring CRLF and blank runs', () => {
    expect(parsePolicy('TITLE\r\n\r\n\r\nOne\r\ntwo.\n\n- a\n  b\n- c\n\nLast updated: today.')).toEqual([
      { kind: 'heading', text: 'TITLE' },
      { kind: 'paragraph', text: 'One two.' },
      { kind: 'list', items: ['a b', 'c'] },
      { kind: 'paragraph', text: 'Last updated: today.' },
    ]);
  });
});
