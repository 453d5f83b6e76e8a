import { identity } from '@meridian/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http, toastsAtom, tokenAtom, userInfoAtom, type UserInfo } from '@meridian/shared';
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
type Body = { code: number; msg: string; data: unknown };
const ok = (data: unknown): Body => ({ code: 0, msg: 'success', data });

const COUNTRIES = [
  { id: 1, name: 'France', iso2: 'FR', code: '33' },
  { id: 2, name: 'Germany', iso2: 'DE', code: '49' },
];

let calls: Call[];
let answers: Record<string, Body>;
const defaultAdapter = http.defaults.adapter;

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const url = config.url ?? '';
  const data = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : undefined;
  calls.push({ url, method: (config.method ?? 'get').toUpperCase(), data });
  return { data: answers[url] ?? ok(null), status: 200, statusText: 'OK', headers: {}, config };
};

beforeEach(() => {
  calls = [];
  answers = {
    [identity.countries.path]: ok(COUNTRIES),
    [identity.locateCountry.path]: ok(COUNTRIES[0]),
  };
  http.defaults.adapter = adapter;
  localStorage.clear();
});
afterEach(() => {
  http.defaults.adapter = defaultAdapter;
});

const callsTo = (url: string) => calls.filter((call) => call.url === url);
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, select' });
const codeField = () => screen.getByLabelText('Verification code', { selector: 'input' });

function renderAt(url: string, { loggedIn = false }: { loggedIn?: boolean } = {}) {
  const store = createStore();
  if (loggedIn) {
    store.set(tokenAtom, 'tok-1');
    store.set(userInfoAtom, { uid: '7', nickname: 'ann', email: 'ann@example.com' } as unknown as UserInfo);
  }
  return renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
}

async function fillPasswords(user: ReturnType<typeof userEvent.setup>, password: string, confirm: string) {
  await user.type(field(en.newPasswordLabel), password);
  await user.type(field(en.confirmNewPasswordLabel), confirm);
}

describe('recover by e-mail (/pages/findPwd/email-find)', () => {
  it('sends the forgot code, resets the password, says so and opens the e-mail login', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/findPwd/email-find');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.emailFindTitle);
    const send = screen.getByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();
    await user.type(field(en.emailLabel), ' ann@example.com ');
    await user.click(send);
    await waitFor(() => expect(callsTo(identity.sendEmailCode.path)).toHaveLength(1));
    expect(callsTo(identity.sendEmailCode.path)[0]!.data).toEqual({ email: 'ann@example.com', type: 'forgot' });
    await user.type(codeField(), '1234');
    await fillPasswords(user, 'newpass1', 'newpass1');
    await user.click(screen.getByRole('button', { name: en.resetPasswordButton }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/login/email-login'));
    expect(callsTo(identity.forgotPassword.path)).toEqual([
      { url: identity.forgotPassword.path, method: 'POST', data: { email: 'ann@example.com', code: '1234', password: 'newpass1', confirmPassword: 'newpass1' } },
    ]);
    expect(store.get(toastsAtom).map((t) => [t.text, t.kind])).toEqual([[en.passwordResetDone, 'success']]);
  });

  it('requires the two passwords to match, a 4-digit code and 6 characters, and sends nothing', async () => {
    const user = userEvent.setup();
    renderAt('/pages/findPwd/email-find');
    await user.type(field(en.emailLabel), 'ann@example.com');
    await user.type(codeField(), '12');
    await fillPasswords(user, 'newpass1', 'newpass2');
    await user.click(screen.getByRole('button', { name: en.resetPasswordButton }));
    expect(field(en.confirmNewPasswordLabel)).toHaveAccessibleDescription('The two passwords are inconsistent');
    expect(codeField()).toHaveAttribute('aria-invalid', 'true');
    await user.clear(codeField());
    await user.type(codeField(), '1234');
    await user.clear(field(en.newPasswordLabel));
    await user.type(field(en.newPasswordLabel), 'short');
    await user.clear(field(en.confirmNewPasswordLabel));
    await user.type(field(en.confirmNewPasswordLabel), 'short');
    await user.click(screen.getByRole('button', { name: en.resetPasswordButton }));
    expect(field(en.newPasswordLabel)).toHaveAttribute('aria-invalid', 'true');
    expect(callsTo(identity.forgotPassword.path)).toHaveLength(0);
    expect(window.location.pathname).toBe('/pages/findPwd/email-find');
  });

  it('keeps the form when the server refuses the code', async () => {
    const user = userEvent.setup();
    answers[identity.forgotPassword.path] = { code: 1001, msg: 'Code incorrect', data: null };
    const { store } = renderAt('/pages/findPwd/email-find');
    await user.type(field(en.emailLabel), 'ann@example.com');
    await user.type(codeField(), '9999');
    await fillPasswords(user, 'newpass1', 'newpass1');
    await user.click(screen.getByRole('button', { name: en.resetPasswordButton }));
    await waitFor(() => expect(store.get(toastsAtom).map((t) => t.text)).toEqual(['Code incorrect']));
    expect(window.location.pathname).toBe('/pages/findPwd/email-find');
    expect(field(en.emailLabel)).toHaveValue('ann@example.com');
  });
});

describe('recover by phone (/pages/findPwd/phone-find)', () => {
  it('sends the forgot SMS with the chosen dialling code and resets, then opens the phone login', async () => {
    const user = userEvent.setup();
    renderAt('/pages/findPwd/phone-find');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Germany (+49)' })).toBeInTheDocument());
    await user.selectOptions(field(en.countryLabel), 'DE');
    await user.type(field(en.phoneLabel), '1701234567');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(callsTo(identity.sendSmsCode.path)).toHaveLength(1));
    expect(callsTo(identity.sendSmsCode.path)[0]!.data).toEqual({ phone: '1701234567', countryCode: '49', type: 'forgot' });
    await user.type(codeField(), '4321');
    await fillPasswords(user, 'newpass1', 'newpass1');
    await user.click(screen.getByRole('button', { name: en.resetPasswordButton }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/login/login'));
    expect(callsTo(identity.forgotPassword.path)[0]!.data).toEqual({ phone: '1701234567', countryCode: '49', code: '4321', password: 'newpass1', confirmPassword: 'newpass1' });
  });
});

describe('recovery entry points', () => {
  it('/pages/forgot-password/index offers e-mail and phone recovery', () => {
    renderAt('/pages/forgot-password/index');
    expect(screen.getByRole('link', { name: en.emailFindTitle })).toHaveAttribute('href', '/pages/findPwd/email-find');
    expect(screen.getByRole('link', { name: en.phoneFindTitle })).toHaveAttribute('href', '/pages/findPwd/phone-find');
    expect(screen.getByRole('navigation', { name: en.recoverMethodLabel })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.backToLoginLink })).toHaveAttribute('href', '/pages/login/email-login');
    expect(screen.getByRole('link', { name: en.noAccountLink })).toHaveAttribute('href', '/pages/register/index');
  });

  it('/pages/desktop/forgot-password has e-mail and phone tabs and returns to the matching desktop login', async () => {
    const user = userEvent.setup();
    renderAt('/pages/desktop/forgot-password');
    expect(screen.getByRole('tab', { name: en.tabEmail })).toHaveAttribute('aria-selected', 'true');
    expect(field(en.emailLabel)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: en.tabPhone }));
    expect(screen.getByRole('tab', { name: en.tabPhone })).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Germany (+49)' })).toBeInTheDocument());
    await user.type(field(en.phoneLabel), '612345678');
    await user.type(codeField(), '1234');
    await fillPasswords(user, 'newpass1', 'newpass1');
    await user.click(screen.getByRole('button', { name: en.resetPasswordButton }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/desktop/login/login-phone'));
    expect(callsTo(identity.forgotPassword.path)[0]!.data).toMatchObject({ phone: '612345678', countryCode: '33', code: '1234' });
  });

  it('/pages/profile/reset-password gives a logged-in user the change-password form and a way to recover', async () => {
    const user = userEvent.setup();
    renderAt('/pages/profile/reset-password', { loggedIn: true });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.resetPasswordTitle);
    await user.type(field(en.oldPasswordLabel), 'oldpass1');
    await fillPasswords(user, 'newpass1', 'newpass1');
    await user.click(screen.getByRole('button', { name: en.saveButton }));
    await waitFor(() => expect(callsTo(identity.update.path)).toHaveLength(1));
    expect(callsTo(identity.update.path)[0]!.data).toEqual({ kind: 'password', oldPassword: 'oldpass1', password: 'newpass1', confirmPassword: 'newpass1' });
    expect(screen.getByTestId('reset-password-forgot-link')).toHaveAttribute('href', '/pages/forgot-password/index');
  });
});
