import { identity } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { http, tokenAtom, toastsAtom, userInfoAtom, type UserInfo } from '@meridian/shared';
import { renderWithPlatform, kitTexts } from '@meridian/shared/testing';
import { App } from '../../../AppRoot';
import { NS } from '../../../i18n';
import { translations } from '../../../all-texts';
import { type KycInfo } from '../../../api/kyc';
import { compressDocument } from './compress';

// jsdom has no canvas: the compression is replaced by a stand-in that records what it was given
jest.mock('./compress', () => ({
  compressDocument: jest.fn(async (file: File) => new Blob([`jpeg:${file.name}`], { type: 'image/jpeg' })),
}));
const compressMock = compressDocument as jest.MockedFunction<typeof compressDocument>;

const en = translations.en;

interface Call {
  url: string;
  method: string;
  data: Record<string, unknown> | undefined;
  form?: FormData;
}
type Body = { code: number; msg: string; data: unknown };
type Answer = Body | ((call: Call) => Body);
const ok = (data: unknown): Body => ({ code: 0, msg: 'success', data });

const COUNTRIES = [
  { id: 1, name: 'France', iso2: 'FR', code: '33' },
  { id: 2, name: 'Germany', iso2: 'DE', code: '49' },
];
const TYPES = [
  { value: 'id_card', label: 'ID card' },
  { value: 'passport', label: 'Passport' },
  { value: 'driving_licence', label: 'Driving licence' },
];
const SUBMITTED = { firstName: 'Jeanne', lastName: 'Dupont', idNumber: 'X1234567', nation: 'France', documentType: 'passport', frontImage: '/a', backImage: '/b' };

let calls: Call[];
let answers: Record<string, Answer>;
let info: KycInfo;
let uploadPaths: string[];
const defaultAdapter = http.defaults.adapter;

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const url = config.url ?? '';
  const form = config.data instanceof FormData ? config.data : undefined;
  const data = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : undefined;
  const call: Call = { url, method: (config.method ?? 'get').toUpperCase(), data, form };
  calls.push(call);
  const answer = answers[url] ?? ok(null);
  const body = typeof answer === 'function' ? answer(call) : answer;
  return { data: body, status: 200, statusText: 'OK', headers: {}, config };
};

beforeEach(() => {
  calls = [];
  info = { status: 'unverified', reason: '' };
  uploadPaths = [];
  compressMock.mockClear();
  answers = {
    [identity.countries.path]: ok(COUNTRIES),
    [identity.locateCountry.path]: ok(COUNTRIES[0]),
    [identity.kycTypes.path]: ok(TYPES),
    [identity.kycInfo.path]: () => ok(info),
    [identity.upload.path]: () => {
      const path = `/asset/admin/common/oss/file/${String(uploadPaths.length + 1).padStart(32, '0')}.jpg`;
      uploadPaths.push(path);
      return ok(path);
    },
    // the server's auto-review verifies at once
    [identity.kycSubmit.path]: (call) => {
      info = { ...(call.data as unknown as KycInfo), status: 'verified', reason: '' };
      return ok(info);
    },
  };
  http.defaults.adapter = adapter;
  localStorage.clear();
});
afterEach(() => {
  http.defaults.adapter = defaultAdapter;
});

const callsTo = (url: string) => calls.filter((call) => call.url === url);
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, select' });
const picker = (label: string) => screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input[type=file]' });
const png = (name: string, size?: number) => {
  const file = new File(['png-bytes'], name, { type: 'image/png' });
  if (size !== undefined) Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** jsdom's Blob has no text(): read it the old way. */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });

function renderAt(url: string, { loggedIn = true, language = 'en' }: { loggedIn?: boolean; language?: string } = {}) {
  const store = createStore();
  if (loggedIn) {
    store.set(tokenAtom, 'tok-1');
    store.set(userInfoAtom, { uid: '7', nickname: 'ann', email: 'ann@example.com', kycStatus: 'unverified' } as unknown as UserInfo);
  }
  return renderWithPlatform(<App />, { url, store, language, translations: { namespace: NS, texts: translations } });
}

/** Waits for the status, the country list and the document types, so no late answer lands after the test. */
async function formReady() {
  await screen.findByTestId('kyc-form');
  await waitFor(() => expect(screen.getByRole('option', { name: 'Germany' })).toBeInTheDocument());
  await waitFor(() => expect(screen.getByRole('option', { name: 'Passport' })).toBeInTheDocument());
}

async function fillForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(en.firstNameLabel), ' Jeanne ');
  await user.type(field(en.lastNameLabel), 'Dupont');
  await user.type(field(en.idNumberLabel), 'X1234567');
  await user.selectOptions(field(en.nationLabel), 'DE');
  await user.selectOptions(field(en.documentTypeLabel), 'passport');
  await user.upload(picker(en.frontImageLabel), png('front.png'));
  await user.upload(picker(en.backImageLabel), png('back.png'));
  await waitFor(() => expect(compressMock).toHaveBeenCalledTimes(2));
}

describe('KYC status (/pages/profile/kyc-verification/index)', () => {
  it('unverified: shows the form with all fields and no status card', async () => {
    renderAt('/pages/profile/kyc-verification/index');
    await formReady();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.kycTitle);
    expect(screen.getByTestId('kyc-screen')).toHaveAttribute('data-status', 'unverified');
    for (const label of [en.firstNameLabel, en.lastNameLabel, en.idNumberLabel, en.nationLabel, en.documentTypeLabel]) expect(field(label)).toBeInTheDocument();
    expect(field(en.nationLabel)).toHaveValue('FR');
    expect(picker(en.frontImageLabel)).toBeInTheDocument();
    expect(picker(en.backImageLabel)).toBeInTheDocument();
    expect(screen.queryByTestId('kyc-trade-notice')).not.toBeInTheDocument();
    expect(screen.queryByTestId('kyc-status-rejected')).not.toBeInTheDocument();
  });

  it('says when the status could not be read; its retry reads it again, and the document types are read once', async () => {
    const user = userEvent.setup();
    answers[identity.kycInfo.path] = { code: 1001, msg: 'Busy', data: null };
    renderAt('/pages/profile/kyc-verification/index');
    const retry = await screen.findByRole('button', { name: 'Retry' });
    answers[identity.kycInfo.path] = () => ok(info);
    await user.click(retry);
    await formReady();
    expect(callsTo(identity.kycInfo.path)).toHaveLength(2);
    expect(callsTo(identity.kycTypes.path)).toHaveLength(1);
  });

  it('pending: says the documents are under review, without a form', async () => {
    info = { ...SUBMITTED, status: 'pending', reason: '' };
    renderAt('/pages/profile/kyc-verification/index');
    const card = await screen.findByTestId('kyc-status-pending');
    expect(card).toHaveTextContent(en.kycPending);
    expect(card).toHaveTextContent(en.kycPendingText);
    expect(screen.queryByTestId('kyc-form')).not.toBeInTheDocument();
  });

  it('verified: the done state with the submitted name masked, without a form', async () => {
    info = { ...SUBMITTED, status: 'verified', reason: '' };
    renderAt('/pages/profile/kyc-verification/index');
    const card = await screen.findByTestId('kyc-status-verified');
    expect(card).toHaveTextContent(en.kycVerifiedText);
    expect(screen.getByTestId('kyc-verified-name')).toHaveTextContent('Submitted name: J*** D***');
    expect(card).not.toHaveTextContent('Jeanne');
    expect(screen.queryByTestId('kyc-form')).not.toBeInTheDocument();
  });

  it('verified: the session (stored since login as unverified) learns it, so the trade gate stops sending the user here', async () => {
    info = { ...SUBMITTED, status: 'verified', reason: '' };
    const { store } = renderAt('/pages/profile/kyc-verification/index');
    await screen.findByTestId('kyc-status-verified');
    expect(store.get(userInfoAtom)).toEqual({ uid: '7', nickname: 'ann', email: 'ann@example.com', kycStatus: 'verified' });
    expect(JSON.parse(localStorage.getItem('userInfo') ?? '{}')).toMatchObject({ kycStatus: 'verified' });
  });

  it('verified after a trade: "Back to trade" returns to the trade screen it came from', async () => {
    info = { ...SUBMITTED, status: 'verified', reason: '' };
    const user = userEvent.setup();
    renderAt(`/pages/profile/kyc-verification/index?type=trade&redirect=${encodeURIComponent('/pages/trade-margin/index?symbol=ETHUSDT')}`);
    await screen.findByTestId('kyc-status-verified');
    expect(screen.queryByTestId('kyc-trade-notice')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: en.kycBackToTrade }));
    expect(`${window.location.pathname}${window.location.search}`).toBe('/pages/trade-margin/index?symbol=ETHUSDT');
  });

  it('"Back to trade" never leaves the site, and is only offered after a trade', async () => {
    info = { ...SUBMITTED, status: 'verified', reason: '' };
    const user = userEvent.setup();
    const { unmount } = renderAt('/pages/profile/kyc-verification/index');
    await screen.findByTestId('kyc-status-verified');
    expect(screen.queryByRole('button', { name: en.kycBackToTrade })).not.toBeInTheDocument();
    unmount();
    renderAt(`/pages/profile/kyc-verification/index?type=trade&redirect=${encodeURIComponent('//evil.example/x')}`);
    await user.click(await screen.findByRole('button', { name: en.kycBackToTrade }));
    expect(window.location.pathname).toBe('/pages/trade-margin/index');
  });

  it('rejected: shows the reason and the form to submit again', async () => {
    info = { ...SUBMITTED, status: 'rejected', reason: 'The photo is blurred' };
    renderAt('/pages/profile/kyc-verification/index');
    expect(await screen.findByTestId('kyc-rejection-reason')).toHaveTextContent('Reason: The photo is blurred');
    expect(screen.getByTestId('kyc-status-rejected')).toHaveTextContent(en.kycRejected);
    await formReady();
  });

  it('?type=trade says why the screen opened, above the form', async () => {
    renderAt('/pages/profile/kyc-verification/index?type=trade');
    await formReady();
    const notice = screen.getByTestId('kyc-trade-notice');
    expect(notice).toHaveTextContent('You need to pass KYC to trade');
    expect(notice.compareDocumentPosition(screen.getByTestId('kyc-form')) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('sends a visitor to log in first', async () => {
    renderAt('/pages/profile/kyc-verification/index', { loggedIn: false });
    await waitFor(() => expect(window.location.pathname).toBe('/pages/login/email-login'));
    expect(callsTo(identity.kycInfo.path)).toHaveLength(0);
  });

  it('the desktop screen shows the same status and form', async () => {
    info = { ...SUBMITTED, status: 'rejected', reason: 'Expired document' };
    renderAt('/pages/desktop/kyc?type=trade');
    expect(await screen.findByTestId('kyc-rejection-reason')).toHaveTextContent('Reason: Expired document');
    expect(screen.getByTestId('kyc-trade-notice')).toBeInTheDocument();
    await formReady();
  });
});

describe('KYC form', () => {
  it('requires every field and both images, and uploads nothing', async () => {
    const user = userEvent.setup();
    renderAt('/pages/profile/kyc-verification/index');
    await formReady();
    await user.click(screen.getByRole('button', { name: en.kycSubmitButton }));
    for (const label of [en.firstNameLabel, en.lastNameLabel, en.idNumberLabel]) expect(field(label)).toHaveAccessibleDescription('This field is required');
    expect(field(en.documentTypeLabel)).toHaveAccessibleDescription('This field is required');
    expect(field(en.firstNameLabel)).toHaveFocus();
    expect(screen.getByText(en.frontImageRequired)).toBeInTheDocument();
    expect(screen.getByText(en.backImageRequired)).toBeInTheDocument();
    // the fields filled but one image missing: still nothing is sent
    await user.type(field(en.firstNameLabel), 'Jeanne');
    await user.type(field(en.lastNameLabel), 'Dupont');
    await user.type(field(en.idNumberLabel), 'X1');
    await user.selectOptions(field(en.documentTypeLabel), 'id_card');
    await user.upload(picker(en.frontImageLabel), png('front.png'));
    await waitFor(() => expect(screen.queryByText(en.frontImageRequired)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: en.kycSubmitButton }));
    expect(screen.getByText(en.backImageRequired)).toBeInTheDocument();
    expect(callsTo(identity.upload.path)).toHaveLength(0);
    expect(callsTo(identity.kycSubmit.path)).toHaveLength(0);
  });

  it('uploads both compressed images, then submits idCard/insert with their paths and shows the new status', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/profile/kyc-verification/index');
    await formReady();
    await fillForm(user);
    expect(compressMock.mock.calls.map(([file]) => file.name)).toEqual(['front.png', 'back.png']);
    await user.click(screen.getByRole('button', { name: en.kycSubmitButton }));
    expect(await screen.findByTestId('kyc-status-verified')).toHaveTextContent('J*** D***');

    const uploads = callsTo(identity.upload.path);
    expect(uploads).toHaveLength(2);
    expect(uploads.map((call) => call.method)).toEqual(['POST', 'POST']);
    const sent = await Promise.all(uploads.map((call) => readBlob(call.form?.get('file') as Blob)));
    expect(sent).toEqual(['jpeg:front.png', 'jpeg:back.png']);
    const inserts = callsTo(identity.kycSubmit.path);
    expect(inserts).toEqual([
      {
        url: identity.kycSubmit.path,
        method: 'POST',
        form: undefined,
        data: { firstName: 'Jeanne', lastName: 'Dupont', idNumber: 'X1234567', nation: 'Germany', documentType: 'passport', frontImage: uploadPaths[0], backImage: uploadPaths[1] },
      },
    ]);
    expect(calls.indexOf(inserts[0]!)).toBeGreaterThan(calls.indexOf(uploads[1]!));
    // the status was read again after the submission
    expect(callsTo(identity.kycInfo.path)).toHaveLength(2);
    expect(store.get(toastsAtom).map((t) => t.text)).toContain(en.kycSubmitted);
    expect(screen.queryByTestId('kyc-form')).not.toBeInTheDocument();
    // the session knows at once: the trade gate reads it
    expect(store.get(userInfoAtom)).toMatchObject({ uid: '7', kycStatus: 'verified' });
  });

  it('a refused upload stops the submission with its message', async () => {
    const user = userEvent.setup();
    answers[identity.upload.path] = { code: 1001, msg: 'Invalid image', data: null };
    const { store } = renderAt('/pages/profile/kyc-verification/index');
    await formReady();
    await fillForm(user);
    await user.click(screen.getByRole('button', { name: en.kycSubmitButton }));
    await waitFor(() => expect(store.get(toastsAtom).map((t) => t.text)).toContain('Invalid image'));
    expect(callsTo(identity.upload.path)).toHaveLength(1);
    expect(callsTo(identity.kycSubmit.path)).toHaveLength(0);
    expect(screen.getByRole('button', { name: en.kycSubmitButton })).toBeEnabled();
  });

  it('refuses a 6 MB image with "Image bigger than 5M" and uploads nothing', async () => {
    const user = userEvent.setup();
    renderAt('/pages/profile/kyc-verification/index');
    await formReady();
    await user.upload(picker(en.frontImageLabel), png('huge.png', 6 * 1024 * 1024));
    const slot = screen.getByTestId('kyc-image-front');
    expect(within(slot).getByRole('alert')).toHaveTextContent(kitTexts.en.imageTooBig);
    expect(kitTexts.en.imageTooBig).toBe('Image bigger than 5M');
    expect(compressMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: en.kycSubmitButton }));
    expect(screen.getByText(en.frontImageRequired)).toBeInTheDocument();
    expect(callsTo(identity.upload.path)).toHaveLength(0);
    expect(callsTo(identity.kycSubmit.path)).toHaveLength(0);
  });

  it('is translated (Vietnamese under ru)', async () => {
    renderAt('/pages/profile/kyc-verification/index?type=trade', { language: 'ru' });
    await screen.findByTestId('kyc-form');
    await waitFor(() => expect(screen.getByRole('option', { name: 'Germany' })).toBeInTheDocument());
    expect(screen.getByTestId('kyc-trade-notice')).toHaveTextContent(translations.ru.kycTradeNotice);
    expect(screen.getByRole('button', { name: translations.ru.kycSubmitButton })).toBeInTheDocument();
  });
});
