import { createStore } from 'jotai';
import { identity } from '@meridian/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http, toastsAtom, tokenAtom, userInfoAtom } from '@meridian/shared';
import { renderWithPlatform } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';

const en = translations.en;

interface Call {
  url: string;
  method: string;
  data: Record<string, unknown> | undefined;
}

type Answer = { code: number; msg: string; data: unknown } | (() => Promise<{ code: number; msg: string; data: unknown }>);

const COUNTRIES = [
  { id: 1, name: 'France', iso2: 'FR', code: '33' },
  { id: 2, name: 'Germany', iso2: 'DE', code: '49' },
];
const USER = { uid: '7', nickname: 'ann', email: 'ann@example.com', phone: '', invitationCode: 'NEWCODE1' };
const ok = (data: unknown) => ({ code: 0, msg: 'success', data });

let calls: Call[];
let answers: Record<string, Answer>;
const defaultAdapter = http.defaults.adapter;

/** The HTTP layer: every request of shared's axios instance is recorded and answered from `answers`. */
const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const url = config.url ?? '';
  const data = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : undefined;
  calls.push({ url, method: (config.method ?? 'get').toUpperCase(), data });
  const answer = answers[url] ?? ok(null);
  const body = typeof answer === 'function' ? await answer() : answer;
  return { data: body, status: 200, statusText: 'OK', headers: {}, config };
};

beforeEach(() => {
  calls = [];
  answers = {
    [identity.countries.path]: ok(COUNTRIES),
    [identity.locateCountry.path]: ok(COUNTRIES[0]),
    [identity.login.path]: ok({ token: 'tok-1', userInfo: USER }),
    [identity.register.path]: ok({ token: 'tok-2', userInfo: USER }),
  };
  http.defaults.adapter = adapter;
  localStorage.clear();
});
afterEach(() => {
  http.defaults.adapter = defaultAdapter;
  jest.useRealTimers();
});

const callsTo = (url: string) => calls.filter((call) => call.url === url);

function renderAt(url: string, language = 'en') {
  return renderWithPlatform(<App />, { url, language, translations: { namespace: NS, texts: translations } });
}

/** Waits for the country list, so its late answer cannot land after the test. */
async function countriesLoaded() {
  await waitFor(() => expect(screen.getByRole('option', { name: 'Germany (+49)' })).toBeInTheDocument());
}

const field = (label: string) => screen.getByLabelText(label, { selector: 'input, select' });

describe('email login (/pages/login/email-login)', () => {
  it('stores the token and user, then returns to the page named by ?redirect=', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/login/email-login?redirect=%2Fpages%2Fwallet%2Findex');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.loginEmailTitle);
    await user.type(field(en.emailLabel), ' ann@example.com ');
    await user.type(field(en.passwordLabel), 'secret1{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/pages/wallet/index'));
    expect(callsTo(identity.login.path)).toEqual([{ url: identity.login.path, method: 'POST', data: { email: 'ann@example.com', password: 'secret1' } }]);
    expect(store.get(tokenAtom)).toBe('tok-1');
    expect(store.get(userInfoAtom)).toEqual(USER);
    expect(localStorage.getItem('token')).toBe('"tok-1"');
  });

  it('goes home when nothing asked for a return (and refuses an outside redirect)', async () => {
    const user = userEvent.setup();
    renderAt('/pages/login/email-login?redirect=https%3A%2F%2Fevil.example%2F');
    await user.type(field(en.emailLabel), 'ann@example.com');
    await user.type(field(en.passwordLabel), 'secret1');
    await user.click(screen.getByRole('button', { name: en.loginButton }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/home/index'));
  });

  it('shows inline errors for wrong input, focuses the first one and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt('/pages/login/email-login');
    await user.type(field(en.emailLabel), 'not-an-email');
    await user.click(screen.getByRole('button', { name: en.loginButton }));
    const emailInput = field(en.emailLabel);
    expect(emailInput).toHaveAttribute('aria-invalid', 'true');
    expect(emailInput).toHaveAccessibleDescription('Please enter a valid email address');
    expect(field(en.passwordLabel)).toHaveAccessibleDescription('This field is required');
    expect(emailInput).toHaveFocus();
    expect(callsTo(identity.login.path)).toHaveLength(0);
    // the errors follow the typing after the first submit
    await user.clear(emailInput);
    await user.type(emailInput, 'ann@example.com');
    expect(emailInput).not.toHaveAttribute('aria-invalid');
  });

  it('keeps the values and shows the refusal once when the server refuses', async () => {
    const user = userEvent.setup();
    answers[identity.login.path] = { code: 1001, msg: 'Incorrect account or password', data: null };
    const { store } = renderAt('/pages/login/email-login?redirect=%2Fpages%2Fwallet%2Findex');
    await user.type(field(en.emailLabel), 'ann@example.com');
    await user.type(field(en.passwordLabel), 'wrong-pass{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: en.loginButton })).toBeEnabled());
    expect(callsTo(identity.login.path)).toHaveLength(1);
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual(['Incorrect account or password']);
    expect(store.get(tokenAtom)).toBeNull();
    expect(window.location.pathname).toBe('/pages/login/email-login');
    expect(field(en.emailLabel)).toHaveValue('ann@example.com');
    expect(field(en.passwordLabel)).toHaveValue('wrong-pass');
    expect(field(en.emailLabel)).not.toHaveAttribute('aria-invalid');
  });

  it('disables the submit while sending and sends once', async () => {
    const user = userEvent.setup();
    let release: (value: { code: number; msg: string; data: unknown }) => void = () => undefined;
    answers[identity.login.path] = () => new Promise((resolve) => (release = resolve));
    renderAt('/pages/login/email-login');
    await user.type(field(en.emailLabel), 'ann@example.com');
    await user.type(field(en.passwordLabel), 'secret1{Enter}');
    const busy = await screen.findByRole('button', { name: en.loggingIn });
    expect(busy).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(callsTo(identity.login.path)).toHaveLength(1);
    await act(async () => release(ok({ token: 'tok-1', userInfo: USER })));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/home/index'));
  });

  it('links to phone login, password recovery and sign-up, carrying the redirect', () => {
    renderAt('/pages/login/email-login?redirect=%2Fpages%2Fwallet%2Findex');
    const links = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    const suffix = '?redirect=%2Fpages%2Fwallet%2Findex';
    expect(links).toEqual([`/pages/login/login${suffix}`, `/pages/forgot-password/index${suffix}`, `/pages/register/index${suffix}`]);
  });

  it('is translated', () => {
    renderAt('/pages/login/email-login', 'zh');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(translations.zh.loginEmailTitle);
    expect(screen.getByRole('button', { name: translations.zh.loginButton })).toBeInTheDocument();
  });
});

describe('phone login (/pages/login/login)', () => {
  it('logs in with the chosen country code, the phone and the password', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/login/login');
    await countriesLoaded();
    expect(field(en.countryLabel)).toHaveValue('FR');
    await user.selectOptions(field(en.countryLabel), 'DE');
    await user.type(field(en.phoneLabel), '1701234567');
    await user.type(field(en.passwordLabel), 'secret1{Enter}');
    await waitFor(() => expect(store.get(tokenAtom)).toBe('tok-1'));
    expect(callsTo(identity.login.path)[0]?.data).toEqual({ phone: '1701234567', countryCode: '49', password: 'secret1' });
  });

  it('starts from the region chosen on /choose-location rather than the located one', async () => {
    localStorage.setItem('region', JSON.stringify('DE'));
    const store = createStore();
    renderWithPlatform(<App />, { url: '/pages/login/login', store, translations: { namespace: NS, texts: translations } });
    await countriesLoaded();
    expect(field(en.countryLabel)).toHaveValue('DE');
  });

  it('refuses a malformed phone inline', async () => {
    const user = userEvent.setup();
    renderAt('/pages/login/login');
    await countriesLoaded();
    await user.type(field(en.phoneLabel), '12ab');
    await user.type(field(en.passwordLabel), 'secret1{Enter}');
    expect(field(en.phoneLabel)).toHaveAccessibleDescription('Please enter a valid phone number');
    expect(callsTo(identity.login.path)).toHaveLength(0);
  });
});

async function fillRegistration(user: ReturnType<typeof userEvent.setup>, values: { phone?: string; email?: string; code?: string; password?: string; confirm?: string; invitation?: string }) {
  if (values.phone !== undefined) await user.type(field(en.phoneLabel), values.phone);
  if (values.email !== undefined) await user.type(field(en.emailLabel), values.email);
  if (values.code !== undefined) await user.type(screen.getByLabelText('Verification code'), values.code);
  if (values.password !== undefined) await user.type(field(en.passwordLabel), values.password);
  if (values.confirm !== undefined) await user.type(field(en.confirmPasswordLabel), values.confirm);
  if (values.invitation !== undefined) await user.type(field(en.invitationCodeLabel), values.invitation);
}

describe('phone registration (/pages/register/index)', () => {
  it('requires the invitation code and sends nothing without it', async () => {
    const user = userEvent.setup();
    renderAt('/pages/register/index');
    await countriesLoaded();
    await fillRegistration(user, { phone: '612345678', code: '1234', password: 'secret1', confirm: 'secret1' });
    await user.click(screen.getByRole('button', { name: en.registerButton }));
    expect(field(en.invitationCodeLabel)).toHaveAccessibleDescription('Invitation code is required');
    expect(field(en.invitationCodeLabel)).toHaveFocus();
    expect(callsTo(identity.register.path)).toHaveLength(0);
  });

  it('requires the two passwords to match', async () => {
    const user = userEvent.setup();
    renderAt('/pages/register/index');
    await countriesLoaded();
    await fillRegistration(user, { phone: '612345678', code: '1234', password: 'secret1', confirm: 'secret2', invitation: 'ABCD' });
    await user.keyboard('{Enter}');
    expect(field(en.confirmPasswordLabel)).toHaveAccessibleDescription('The two passwords are inconsistent');
    expect(field(en.passwordLabel)).not.toHaveAttribute('aria-invalid');
    expect(callsTo(identity.register.path)).toHaveLength(0);
  });

  it('refuses a short password and a code that is not 4 digits', async () => {
    const user = userEvent.setup();
    renderAt('/pages/register/index');
    await countriesLoaded();
    await fillRegistration(user, { phone: '612345678', code: '12', password: 'abc', confirm: 'abc', invitation: 'ABCD' });
    await user.keyboard('{Enter}');
    expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription('Invalid code');
    expect(field(en.passwordLabel)).toHaveAccessibleDescription(/Password must be at least 6 characters/);
    expect(callsTo(identity.register.path)).toHaveLength(0);
  });

  it('the code button waits for a valid phone, sends SendSmsOtp for registration and counts down 60 s', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderAt('/pages/register/index');
    await countriesLoaded();
    const send = screen.getByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();
    await user.type(field(en.phoneLabel), '612345678');
    expect(send).toBeEnabled();
    await user.click(send);
    expect(await screen.findByRole('button', { name: 'Resend in 60 s' })).toBeDisabled();
    expect(callsTo(identity.sendSmsCode.path)).toEqual([
      { url: identity.sendSmsCode.path, method: 'POST', data: { phone: '612345678', countryCode: '33', type: 'register' } },
    ]);
    await act(async () => {
      jest.advanceTimersByTime(1000);
    });
    expect(screen.getByRole('button', { name: 'Resend in 59 s' })).toBeDisabled();
    await act(async () => {
      jest.advanceTimersByTime(59_000);
    });
    expect(screen.getByRole('button', { name: 'Send code' })).toBeEnabled();
  });

  it('prefills the invitation code from ?invite= and registers, storing the session', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/register/index?invite=FRIEND42');
    await countriesLoaded();
    expect(field(en.invitationCodeLabel)).toHaveValue('FRIEND42');
    await user.selectOptions(field(en.countryLabel), 'DE');
    await fillRegistration(user, { phone: '1701234567', code: '4321', password: 'secret1', confirm: 'secret1' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/pages/home/index'));
    expect(callsTo(identity.register.path)[0]?.data).toEqual({
      phone: '1701234567',
      countryCode: '49',
      code: '4321',
      password: 'secret1',
      confirmPassword: 'secret1',
      invitationCode: 'FRIEND42',
      countryId: 2,
    });
    expect(store.get(tokenAtom)).toBe('tok-2');
  });

  it.each([
    ['/pages/register/index?code=PAL7', '/pages/register/index', 'PAL7'],
    ['/pages/register/verify-code?invite=STEP1', '/pages/register/index', 'STEP1'],
    ['/pages/register/select-country?invite=STEP2', '/pages/register/index', 'STEP2'],
    ['/pages/register/email/verify-code?code=STEP3', '/pages/register/email/index', 'STEP3'],
  ])('%s opens the form at %s with the invitation code %s', async (url, path, invitation) => {
    renderAt(url);
    await countriesLoaded();
    expect(window.location.pathname).toBe(path);
    expect(field(en.invitationCodeLabel)).toHaveValue(invitation);
  });
});

describe('e-mail registration (/pages/register/email/index)', () => {
  it('sends the code with sendOtp and registers with the e-mail', async () => {
    const user = userEvent.setup();
    renderAt('/pages/register/email/index');
    await countriesLoaded();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.registerEmailTitle);
    await user.type(field(en.emailLabel), 'new@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in/ });
    expect(callsTo(identity.sendEmailCode.path)[0]?.data).toEqual({ email: 'new@example.com', type: 'register' });
    expect(callsTo(identity.sendSmsCode.path)).toHaveLength(0);
    await fillRegistration(user, { code: '5678', password: 'secret1', confirm: 'secret1', invitation: 'ABCD' });
    await user.keyboard('{Enter}');
    await waitFor(() => expect(callsTo(identity.register.path)).toHaveLength(1));
    expect(callsTo(identity.register.path)[0]?.data).toEqual({
      email: 'new@example.com',
      code: '5678',
      password: 'secret1',
      confirmPassword: 'secret1',
      invitationCode: 'ABCD',
      countryId: 1,
    });
  });
});

describe('desktop login and sign-up', () => {
  const tab = (name: string) => screen.getByRole('tab', { name });

  it('login tabs switch between e-mail and phone, each with its own address', async () => {
    const user = userEvent.setup();
    renderAt('/pages/desktop/login?redirect=%2Fpages%2Fdesktop%2Fassets');
    expect(tab(en.tabEmail)).toHaveAttribute('aria-selected', 'true');
    expect(within(screen.getByRole('tabpanel')).getByLabelText(en.emailLabel, { selector: 'input' })).toBeInTheDocument();
    expect(screen.queryByLabelText(en.phoneLabel, { selector: 'input' })).not.toBeInTheDocument();
    await user.click(tab(en.tabPhone));
    expect(window.location.pathname).toBe('/pages/desktop/login/login-phone');
    expect(window.location.search).toBe('?redirect=%2Fpages%2Fdesktop%2Fassets');
    expect(tab(en.tabPhone)).toHaveAttribute('aria-selected', 'true');
    expect(field(en.phoneLabel)).toBeInTheDocument();
    await countriesLoaded();
    expect(screen.queryByLabelText(en.emailLabel, { selector: 'input' })).not.toBeInTheDocument();
    tab(en.tabPhone).focus();
    await user.keyboard('{ArrowRight}');
    expect(window.location.pathname).toBe('/pages/desktop/login/login-email');
    expect(tab(en.tabEmail)).toHaveFocus();
    expect(field(en.emailLabel)).toBeInTheDocument();
  });

  it('desktop login returns to the redirect, else to the desktop market, and links to desktop pages only', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/desktop/login/login-email');
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^\/pages\/desktop\//);
    await user.type(field(en.emailLabel), 'ann@example.com');
    await user.type(field(en.passwordLabel), 'secret1{Enter}');
    await waitFor(() => expect(window.location.pathname).toBe('/pages/desktop/market'));
    expect(store.get(tokenAtom)).toBe('tok-1');
  });

  it('register tabs switch between e-mail and phone', async () => {
    const user = userEvent.setup();
    renderAt('/pages/desktop/register?invite=DESK1');
    await countriesLoaded();
    expect(tab(en.tabEmail)).toHaveAttribute('aria-selected', 'true');
    expect(field(en.emailLabel)).toBeInTheDocument();
    expect(field(en.invitationCodeLabel)).toHaveValue('DESK1');
    await user.click(tab(en.tabPhone));
    expect(window.location.pathname).toBe('/pages/desktop/register/register-phone');
    expect(field(en.phoneLabel)).toBeInTheDocument();
    expect(field(en.invitationCodeLabel)).toHaveValue('DESK1');
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^\/pages\/desktop\//);
  });

  it.each([
    ['/pages/desktop/login/select-country', '/pages/desktop/login/login-phone', 'loginTitle'],
    ['/pages/desktop/register/verify-code-phone', '/pages/desktop/register/register-phone', 'registerTitle'],
    ['/pages/desktop/register/verify-code-email', '/pages/desktop/register/register-email', 'registerTitle'],
  ] as const)('%s opens %s', async (url, path, title) => {
    renderAt(url);
    expect(window.location.pathname).toBe(path);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en[title]);
    await countriesLoaded();
  });
});
