import { identity } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http, isDemoVersionAtom, toastsAtom, tokenAtom, typeUserAtom, userInfoAtom, type UserInfo } from '@meridian/shared';
import { renderWithPlatform, sessionTexts } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import type { IdentityUserInfo } from '../../api/identity';

const en = translations.en;

interface Call {
  url: string;
  method: string;
  data: Record<string, unknown> | undefined;
}
type Body = { code: number; msg: string; data: unknown };
type Answer = Body | ((data: Record<string, unknown> | undefined) => Body);

const ok = (data: unknown): Body => ({ code: 0, msg: 'success', data });

const USER: IdentityUserInfo = {
  uid: '100042',
  nickname: 'Ann Trader',
  avatar: '',
  email: 'ann@example.com',
  phone: '',
  country: { id: 1, name: 'France', iso2: 'FR', code: '33' },
  invitationCode: 'INV42XYZ',
  kycStatus: 'verified',
  customerServiceUrl: '',
  hasFundPassword: false,
  accountMode: 'real',
  hasDemo: false,
  demoStartedAt: null,
  createdAt: '2026-01-01T00:00:00.000Z',
};

const SESSIONS = [
  { id: '11', device: 'Chrome on Android', ip: '10.0.0.1', createdAt: '2026-03-01T08:00:00.000Z', lastSeenAt: '2026-03-02T09:30:00.000Z', expiresAt: '2026-03-09T08:00:00.000Z', current: false },
  { id: '12', device: 'Safari on iPhone', ip: '10.0.0.2', createdAt: '2026-03-03T08:00:00.000Z', lastSeenAt: '2026-03-04T10:15:00.000Z', expiresAt: '2026-03-10T08:00:00.000Z', current: true },
];

let calls: Call[];
let answers: Record<string, Answer>;
const defaultAdapter = http.defaults.adapter;

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const url = config.url ?? '';
  const data = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : undefined;
  calls.push({ url, method: (config.method ?? 'get').toUpperCase(), data });
  const answer = answers[url] ?? ok(null);
  const body = typeof answer === 'function' ? answer(data) : answer;
  return { data: body, status: 200, statusText: 'OK', headers: {}, config };
};

beforeEach(() => {
  calls = [];
  answers = {
    [identity.info.path]: ok(USER),
    [identity.sessions.path]: ok(SESSIONS),
    [identity.accountSwitch.path]: (data) => ok({ userType: data?.userType, hasDemo: true, demoStartedAt: null }),
    [identity.update.path]: (data) => ok({ ...USER, ...(data?.kind === 'nickname' ? { nickname: data.nickname } : {}), ...(data?.kind === 'email' ? { email: data.email } : {}), ...(data?.kind === 'fundPassword' ? { hasFundPassword: true } : {}) }),
  };
  http.defaults.adapter = adapter;
  localStorage.clear();
});
afterEach(() => {
  http.defaults.adapter = defaultAdapter;
});

const callsTo = (url: string) => calls.filter((call) => call.url === url);
const field = (label: string) => screen.getByLabelText(label, { selector: 'input' });

function renderAt(url: string, { loggedIn = true, user = USER, language = 'en' }: { loggedIn?: boolean; user?: IdentityUserInfo; language?: string } = {}) {
  const store = createStore();
  if (loggedIn) {
    store.set(tokenAtom, 'tok-1');
    store.set(userInfoAtom, user as unknown as UserInfo);
  }
  return renderWithPlatform(<App />, { url, language, store, translations: { namespace: NS, texts: translations } });
}

describe('profile (/pages/profile/index)', () => {
  it('shows the user from user/info: nickname, uid, masked e-mail, KYC badge, and copies the invitation code', async () => {
    const user = userEvent.setup();
    answers[identity.info.path] = ok({ ...USER, nickname: 'Fresh Name' });
    renderAt('/pages/profile/index');
    await waitFor(() => expect(screen.getByTestId('profile-nickname')).toHaveTextContent('Fresh Name'));
    expect(callsTo(identity.info.path)).toHaveLength(1);
    expect(screen.getByText('100042')).toBeInTheDocument();
    expect(screen.getByText('an***@example.com')).toBeInTheDocument();
    expect(screen.queryByText('ann@example.com')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.kycVerified })).toHaveAttribute('href', '/pages/profile/kyc-verification/index');
    expect(screen.getByText('INV42XYZ')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.copyInvitationLabel }));
    await expect(navigator.clipboard.readText()).resolves.toBe('INV42XYZ');
    expect(screen.queryByText(en.profileLoggedOutTitle)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: en.logoutButton })).toBeInTheDocument();
  });

  it('shows where each menu row stands: the KYC status and the current language', async () => {
    renderAt('/pages/profile/index', { user: { ...USER, kycStatus: 'pending' }, language: 'ge' });
    const ge = translations.ge;
    const kyc = await screen.findByTestId('profile-menu-kyc');
    expect(kyc).toHaveAttribute('href', '/pages/profile/kyc-verification/index');
    expect(kyc).toHaveTextContent(`${ge.kycTitle}${ge.kycPending}`);
    expect(screen.getByRole('link', { name: `${ge.languageTitle} Deutsch` })).toHaveAttribute('href', '/pages/profile/language');
  });

  it('shows a sign-in prompt to a visitor, keeps the links, and asks nothing of the server', () => {
    renderAt('/pages/profile/index', { loggedIn: false });
    expect(screen.getByText(en.profileLoggedOutTitle)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.loginButton })).toHaveAttribute('href', '/pages/login/email-login?redirect=%2Fpages%2Fprofile%2Findex');
    expect(screen.getByRole('link', { name: en.registerButton })).toHaveAttribute('href', '/pages/register/index');
    expect(screen.getByRole('link', { name: en.securityCenterTitle })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: en.privacyPolicyTitle })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.logoutButton })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: en.modeDemo })).not.toBeInTheDocument();
    expect(screen.queryByTestId('profile-nickname')).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('warns that the demo is a trial with virtual funds before switching; cancelling stays real', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/profile/index');
    await user.click(screen.getByRole('button', { name: en.modeDemo }));
    const dialog = screen.getByRole('dialog', { name: en.demoDialogTitle });
    expect(dialog).toHaveTextContent(en.demoDialogBody);
    expect(callsTo(identity.accountSwitch.path)).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: en.cancelButton }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(store.get(typeUserAtom)).toBe('real');
    expect(callsTo(identity.accountSwitch.path)).toHaveLength(0);
    expect(screen.getByRole('button', { name: en.modeReal })).toHaveAttribute('aria-pressed', 'true');
  });

  it('switches to demo through account/accountSwitch after the confirmation, and back to real through the server', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/profile/index');
    await user.click(screen.getByRole('button', { name: en.modeDemo }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.demoDialogConfirm }));
    await waitFor(() => expect(store.get(typeUserAtom)).toBe('demo'));
    expect(store.get(isDemoVersionAtom)).toBe(true);
    expect(callsTo(identity.accountSwitch.path)).toEqual([{ url: identity.accountSwitch.path, method: 'POST', data: { userType: 'demo' } }]);
    expect(screen.getByRole('button', { name: en.modeDemo })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: en.modeReal }));
    await waitFor(() => expect(store.get(typeUserAtom)).toBe('real'));
    expect(callsTo(identity.accountSwitch.path).map((c) => c.data)).toEqual([{ userType: 'demo' }, { userType: 'real' }]);
  });

  it('stays real when the server refuses the switch', async () => {
    const user = userEvent.setup();
    answers[identity.accountSwitch.path] = { code: 1001, msg: 'Demo unavailable', data: null };
    const { store } = renderAt('/pages/profile/index');
    await user.click(screen.getByRole('button', { name: en.modeDemo }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: en.demoDialogConfirm }));
    await waitFor(() => expect(store.get(toastsAtom).map((t) => t.text)).toContain('Demo unavailable'));
    expect(store.get(typeUserAtom)).toBe('real');
  });

  it('logs out: user/logout, the session cleared, then the login page', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/profile/index');
    await screen.findByTestId('profile-nickname');
    await user.click(screen.getByRole('button', { name: en.logoutButton }));
    await waitFor(() => expect(window.location.pathname).toBe('/pages/login/email-login'));
    expect(callsTo(identity.logout.path)).toHaveLength(1);
    expect(store.get(tokenAtom)).toBeNull();
    expect(store.get(userInfoAtom)).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    await waitFor(() => expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.loginEmailTitle));
  });
});

describe('change password (/pages/profile/security-center/change-password)', () => {
  it('validates: current required, new at least 6, confirmation equal; nothing is sent', async () => {
    const user = userEvent.setup();
    renderAt('/pages/profile/security-center/change-password');
    await user.type(field(en.newPasswordLabel), 'abc');
    await user.type(field(en.confirmNewPasswordLabel), 'abd');
    await user.click(screen.getByRole('button', { name: en.saveButton }));
    expect(field(en.oldPasswordLabel)).toHaveAccessibleDescription('This field is required');
    expect(field(en.newPasswordLabel)).toHaveAccessibleDescription(/Password must be at least 6 characters/);
    expect(field(en.confirmNewPasswordLabel)).toHaveAccessibleDescription('The two passwords are inconsistent');
    expect(field(en.oldPasswordLabel)).toHaveFocus();
    expect(callsTo(identity.update.path)).toHaveLength(0);
  });

  it('sends user/update kind password and says other sessions were signed out', async () => {
    const user = userEvent.setup();
    renderAt('/pages/profile/security-center/change-password');
    await user.type(field(en.oldPasswordLabel), 'oldpass1');
    await user.type(field(en.newPasswordLabel), 'newpass1');
    await user.type(field(en.confirmNewPasswordLabel), 'newpass1{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(en.passwordChanged));
    expect(callsTo(identity.update.path).map((c) => c.data)).toEqual([{ kind: 'password', oldPassword: 'oldpass1', password: 'newpass1', confirmPassword: 'newpass1' }]);
    expect(field(en.oldPasswordLabel)).toHaveValue('');
  });

  it('keeps the values and shows no success when the server refuses', async () => {
    const user = userEvent.setup();
    answers[identity.update.path] = { code: 1001, msg: 'Incorrect password', data: null };
    const { store } = renderAt('/pages/profile/security-center/change-password');
    await user.type(field(en.oldPasswordLabel), 'wrongpass');
    await user.type(field(en.newPasswordLabel), 'newpass1');
    await user.type(field(en.confirmNewPasswordLabel), 'newpass1{Enter}');
    await waitFor(() => expect(store.get(toastsAtom).map((t) => t.text)).toEqual(['Incorrect password']));
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(field(en.oldPasswordLabel)).toHaveValue('wrongpass');
  });
});

describe('fund password (/pages/profile/security-center/payment-password)', () => {
  it('sets it when the user has none: no current password asked, none sent', async () => {
    const user = userEvent.setup();
    renderAt('/pages/profile/security-center/payment-password', { user: { ...USER, hasFundPassword: true } });
    // the server's answer (none set) wins over the stored copy
    expect(await screen.findByRole('heading', { name: en.setFundPasswordTitle })).toBeInTheDocument();
    expect(screen.queryByLabelText(en.oldFundPasswordLabel)).not.toBeInTheDocument();
    await user.type(field(en.newFundPasswordLabel), 'fund123');
    await user.type(field(en.confirmFundPasswordLabel), 'fund123{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(en.fundPasswordSet));
    expect(callsTo(identity.update.path).map((c) => c.data)).toEqual([{ kind: 'fundPassword', password: 'fund123', confirmPassword: 'fund123' }]);
    // now set: the form changes it from here on
    expect(screen.getByRole('heading', { name: en.changeFundPasswordTitle })).toBeInTheDocument();
  });

  it('changes it with the current one when the user has one', async () => {
    const user = userEvent.setup();
    answers[identity.info.path] = ok({ ...USER, hasFundPassword: true });
    renderAt('/pages/profile/security-center/payment-password');
    expect(await screen.findByRole('heading', { name: en.changeFundPasswordTitle })).toBeInTheDocument();
    await user.type(field(en.newFundPasswordLabel), 'fund456');
    await user.type(field(en.confirmFundPasswordLabel), 'fund456{Enter}');
    expect(field(en.oldFundPasswordLabel)).toHaveAccessibleDescription('This field is required');
    expect(callsTo(identity.update.path)).toHaveLength(0);
    await user.type(field(en.oldFundPasswordLabel), 'fund123{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(en.fundPasswordChanged));
    expect(callsTo(identity.update.path).map((c) => c.data)).toEqual([{ kind: 'fundPassword', password: 'fund456', confirmPassword: 'fund456', oldPassword: 'fund123' }]);
    expect(screen.getByRole('link', { name: en.forgotFundLink })).toHaveAttribute('href', '/pages/profile/security-center/forgot-fund-password');
  });
});

describe('forgot fund password (/pages/profile/security-center/forgot-fund-password)', () => {
  it('sends a forgotFund code to the own address, then the new fund password with it', async () => {
    const user = userEvent.setup();
    renderAt('/pages/profile/security-center/forgot-fund-password');
    expect(screen.getByText(en.forgotFundHint.replace('{{target}}', 'an***@example.com'))).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in/ });
    expect(callsTo(identity.sendEmailCode.path).map((c) => c.data)).toEqual([{ type: 'forgotFund' }]);
    await user.type(screen.getByLabelText('Verification code'), '4321');
    await user.type(field(en.newFundPasswordLabel), 'fund789');
    await user.type(field(en.confirmFundPasswordLabel), 'fund789{Enter}');
    await waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(en.fundPasswordReset));
    expect(callsTo(identity.forgotFundPassword.path).map((c) => c.data)).toEqual([{ code: '4321', password: 'fund789', confirmPassword: 'fund789' }]);
  });

  it('uses SMS for a phone-only account', async () => {
    const user = userEvent.setup();
    const phoneUser = { ...USER, email: '', phone: '+33612345678' };
    answers[identity.info.path] = ok(phoneUser);
    renderAt('/pages/profile/security-center/forgot-fund-password', { user: phoneUser });
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('button', { name: /Resend in/ });
    expect(callsTo(identity.sendSmsCode.path).map((c) => c.data)).toEqual([{ type: 'forgotFund' }]);
    expect(callsTo(identity.sendEmailCode.path)).toHaveLength(0);
  });
});

describe('sessions (/pages/profile/security-center/sessions)', () => {
  it('lists the devices, marks this one, and shows the last activity in the user\'s language', async () => {
    renderAt('/pages/profile/security-center/sessions', { language: 'fr' });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Safari on iPhone');
    expect(items[0]).toHaveTextContent(translations.fr.thisDevice);
    expect(within(items[0]!).queryByRole('button')).not.toBeInTheDocument();
    expect(items[1]).not.toHaveTextContent(translations.fr.thisDevice);
    expect(items[1]).toHaveTextContent('10.0.0.1');
    const french = new Intl.DateTimeFormat('fr', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(SESSIONS[0]!.lastSeenAt));
    expect(within(items[1]!).getByText(french)).toBeInTheDocument();
  });

  it('says when the devices could not be read, and its retry reads them again', async () => {
    const user = userEvent.setup();
    answers[identity.sessions.path] = { code: 1001, msg: 'Busy', data: null };
    renderAt('/pages/profile/security-center/sessions');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    answers[identity.sessions.path] = ok(SESSIONS);
    await user.click(retry);
    expect(await screen.findByText('Chrome on Android')).toBeInTheDocument();
    // this device first
    expect(within(screen.getAllByRole('listitem')[0]!).getByText('Safari on iPhone')).toBeInTheDocument();
  });

  it('revokes another device only after the confirmation', async () => {
    const user = userEvent.setup();
    renderAt('/pages/profile/security-center/sessions');
    const revoke = await screen.findByRole('button', { name: `${en.revokeButton}: Chrome on Android` });
    await user.click(revoke);
    let dialog = screen.getByRole('dialog', { name: en.revokeDialogTitle });
    expect(dialog).toHaveTextContent('Chrome on Android');
    await user.click(within(dialog).getByRole('button', { name: en.cancelButton }));
    expect(callsTo(identity.revokeSession.path)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: `${en.revokeButton}: Chrome on Android` }));
    dialog = screen.getByRole('dialog', { name: en.revokeDialogTitle });
    await user.click(within(dialog).getByRole('button', { name: en.revokeButton }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(1));
    expect(callsTo(identity.revokeSession.path).map((c) => c.data)).toEqual([{ id: '11' }]);
    expect(screen.queryByText('Chrome on Android')).not.toBeInTheDocument();
    expect(screen.getByText('Safari on iPhone')).toBeInTheDocument();
  });

  it('the security center groups login and devices apart from the fund password, and says whether one is set', async () => {
    const { unmount } = renderAt('/pages/profile/security-center/index');
    const login = within(screen.getByRole('navigation', { name: en.securityGroupLogin }));
    expect(login.getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual([
      '/pages/profile/security-center/change-password',
      '/pages/forgot-password/index',
      '/pages/profile/security-center/sessions',
    ]);
    expect(await screen.findByTestId('security-fund-password')).toHaveTextContent(`${en.setFundPasswordTitle}${en.fundPasswordStateNotSet}`);
    unmount();
    renderAt('/pages/profile/security-center/index', { user: { ...USER, hasFundPassword: true } });
    expect(await screen.findByTestId('security-fund-password')).toHaveTextContent(`${en.changeFundPasswordTitle}${en.fundPasswordStateSet}`);
    expect(screen.getByTestId('security-fund-password')).toHaveAttribute('href', '/pages/profile/security-center/payment-password');
  });

  it('is linked from the security center', () => {
    renderAt('/pages/profile/security-center/index');
    expect(screen.getByRole('link', { name: en.sessionsTitle })).toHaveAttribute('href', '/pages/profile/security-center/sessions');
  });
});

describe('account settings (/pages/profile/account-setting/*)', () => {
  it('updates the nickname and stores the answer', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/profile/account-setting/nickname');
    const input = field(en.nicknameLabel);
    expect(input).toHaveValue('Ann Trader');
    await user.clear(input);
    await user.click(screen.getByRole('button', { name: en.saveButton }));
    expect(input).toHaveAccessibleDescription('This field is required');
    expect(callsTo(identity.update.path)).toHaveLength(0);
    await user.type(input, '  Annie  {Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(en.nicknameSaved));
    expect(callsTo(identity.update.path).map((c) => c.data)).toEqual([{ kind: 'nickname', nickname: 'Annie' }]);
    expect((store.get(userInfoAtom) as { nickname?: string }).nickname).toBe('Annie');
  });

  it('changes the e-mail only with the code sent to the new address', async () => {
    const user = userEvent.setup();
    renderAt('/pages/profile/account-setting/email');
    expect(screen.getByText(`${en.currentEmailLabel}: an***@example.com`)).toBeInTheDocument();
    const send = screen.getByRole('button', { name: 'Send code' });
    expect(send).toBeDisabled();
    await user.type(field(en.newEmailLabel), 'new@example.com');
    await user.click(screen.getByRole('button', { name: en.saveButton }));
    expect(screen.getByLabelText('Verification code')).toHaveAccessibleDescription('This field is required');
    expect(callsTo(identity.update.path)).toHaveLength(0);
    await user.click(send);
    await screen.findByRole('button', { name: /Resend in/ });
    expect(callsTo(identity.sendEmailCode.path).map((c) => c.data)).toEqual([{ email: 'new@example.com', type: 'changeEmail' }]);
    await user.type(screen.getByLabelText('Verification code'), '2468{Enter}');
    await waitFor(() => expect(screen.getAllByRole('status').map((s) => s.textContent)).toContain(en.emailChanged));
    expect(callsTo(identity.update.path).map((c) => c.data)).toEqual([{ kind: 'email', email: 'new@example.com', code: '2468' }]);
    expect(screen.getByText(`${en.currentEmailLabel}: ne***@example.com`)).toBeInTheDocument();
  });
});

describe('protected screens', () => {
  it.each([
    '/pages/profile/security-center/index',
    '/pages/profile/security-center/change-password',
    '/pages/profile/security-center/payment-password',
    '/pages/profile/security-center/forgot-fund-password',
    '/pages/profile/security-center/sessions',
    '/pages/profile/account-setting/index',
    '/pages/profile/account-setting/nickname',
    '/pages/profile/account-setting/email',
    '/pages/desktop/settings',
    '/pages/desktop/settings/change-password',
    '/pages/desktop/settings/set-fund-password',
    '/pages/desktop/settings/forgot-fund-password',
    '/pages/desktop/settings/account',
  ])('%s sends a visitor to login and back', async (url) => {
    const { store } = renderAt(url, { loggedIn: false });
    await waitFor(() => expect(window.location.pathname).toBe('/pages/login/email-login'));
    expect(new URLSearchParams(window.location.search).get('redirect')).toBe(url);
    expect(store.get(toastsAtom).map((t) => t.text)).toEqual([sessionTexts.en.loginFirst]);
    expect(calls.filter((c) => c.url.startsWith('/asset/api/user/') || c.url.startsWith('/asset/api/account/'))).toHaveLength(0);
  });
});

describe('desktop settings reuse the forms', () => {
  it('/pages/desktop/settings lists the desktop settings screens and the logged-in devices', async () => {
    renderAt('/pages/desktop/settings');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.settingsTitle);
    expect(await screen.findByText(en.thisDevice)).toBeInTheDocument();
    for (const link of screen.getAllByRole('link')) expect(link.getAttribute('href')).toMatch(/^\/pages\/desktop\//);
  });

  it('/pages/desktop/settings groups account, security and general settings with their state', async () => {
    renderAt('/pages/desktop/settings');
    const hrefsOf = (name: string) =>
      within(screen.getByRole('navigation', { name }))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
    expect(hrefsOf(en.menuGroupAccount)).toEqual(['/pages/desktop/settings/account', '/pages/desktop/kyc']);
    expect(hrefsOf(en.securityCenterTitle)).toEqual(['/pages/desktop/settings/change-password', '/pages/desktop/settings/set-fund-password', '/pages/desktop/settings/forgot-fund-password']);
    expect(hrefsOf(en.menuGroupGeneral)).toEqual(['/pages/desktop/notification', '/pages/desktop/language']);
    expect(screen.getByTestId('settings-kyc')).toHaveTextContent(en.kycVerified);
    expect(await screen.findByText(en.thisDevice)).toBeInTheDocument();
  });

  it('/pages/desktop/settings asks user/info again: a KYC verified since login shows, and the session keeps it', async () => {
    const { store } = renderAt('/pages/desktop/settings', { user: { ...USER, kycStatus: 'unverified' } });
    await waitFor(() => expect(screen.getByTestId('settings-kyc')).toHaveTextContent(en.kycVerified));
    expect(store.get(userInfoAtom)).toMatchObject({ kycStatus: 'verified' });
  });

  it('/pages/desktop/settings/change-password changes the password', async () => {
    const user = userEvent.setup();
    renderAt('/pages/desktop/settings/change-password');
    await user.type(field(en.oldPasswordLabel), 'oldpass1');
    await user.type(field(en.newPasswordLabel), 'newpass1');
    await user.type(field(en.confirmNewPasswordLabel), 'newpass1{Enter}');
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(en.passwordChanged));
    expect(screen.getByRole('link', { name: `Back to ${en.settingsTitle}` })).toHaveAttribute('href', '/pages/desktop/settings');
  });

  it('/pages/desktop/settings/set-fund-password links to the desktop recovery', async () => {
    answers[identity.info.path] = ok({ ...USER, hasFundPassword: true });
    renderAt('/pages/desktop/settings/set-fund-password');
    expect(await screen.findByRole('link', { name: en.forgotFundLink })).toHaveAttribute('href', '/pages/desktop/settings/forgot-fund-password');
  });

  it('/pages/desktop/settings/account shows the nickname and e-mail forms', async () => {
    renderAt('/pages/desktop/settings/account');
    expect(await screen.findByLabelText(en.nicknameLabel, { selector: 'input' })).toHaveValue('Ann Trader');
    expect(field(en.newEmailLabel)).toBeInTheDocument();
  });
});
