import { identity } from '@meridian/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createStore } from 'jotai';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { forgetUploads, http, toastsAtom, tokenAtom, userInfoAtom, type UserInfo } from '@meridian/shared';
import { renderWithPlatform, kitTexts } from '@meridian/shared/testing';
import { App } from '../../AppRoot';
import { NS } from '../../i18n';
import { translations } from '../../all-texts';
import type { IdentityUserInfo } from '../../api/identity';
import { compressAvatar } from './components/compressAvatar';

// jsdom has no canvas: the compression is a stand-in that records what it was given
jest.mock('./components/compressAvatar', () => ({
  compressAvatar: jest.fn(async (file: File) => new Blob([`jpeg:${file.name}`], { type: 'image/jpeg' })),
}));
const compressMock = compressAvatar as jest.MockedFunction<typeof compressAvatar>;

const en = translations.en;
const OLD_PATH = `/asset/admin/common/oss/file/${'a'.repeat(32)}.jpg`;
const NEW_PATH = `/asset/admin/common/oss/file/${'b'.repeat(32)}.jpg`;

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

interface Call {
  url: string;
  method: string;
  data: Record<string, unknown> | undefined;
  form?: FormData;
  responseType?: string;
  token?: string;
}
type Answer = (call: Call) => { status?: number; body: unknown };
let calls: Call[];
let answers: Record<string, Answer>;
let current: IdentityUserInfo;
const defaultAdapter = http.defaults.adapter;
const ok = (data: unknown) => ({ body: { code: 0, msg: 'success', data } });

const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
  const url = config.url ?? '';
  const form = config.data instanceof FormData ? config.data : undefined;
  const data = typeof config.data === 'string' && config.data ? (JSON.parse(config.data) as Record<string, unknown>) : undefined;
  const call: Call = { url, method: (config.method ?? 'get').toUpperCase(), data, form, responseType: config.responseType };
  calls.push(call);
  const answer = answers[url];
  const { status = 200, body } = answer ? answer(call) : { status: 404, body: { code: 404, msg: 'Not found', data: null } };
  const response = { data: body, status, statusText: '', headers: {}, config };
  if (status >= 400) throw Object.assign(new Error(`Request failed with status code ${status}`), { isAxiosError: true, response, config });
  return response;
};

let objectUrls: number;
beforeAll(() => {
  // jsdom has no object URLs: number them, so each image shows which blob it came from
  Object.assign(URL, {
    createObjectURL: jest.fn((blob: Blob) => `blob:test/${(objectUrls += 1)}-${blob.type}`),
    revokeObjectURL: jest.fn(),
  });
});

beforeEach(() => {
  objectUrls = 0;
  forgetUploads();
  compressMock.mockClear();
  calls = [];
  current = { ...USER };
  answers = {
    [identity.info.path]: () => ok(current),
    [identity.upload.path]: () => ok(NEW_PATH),
    [identity.update.path]: (call) => {
      if (call.data?.kind === 'avatar') current = { ...current, avatar: String(call.data.avatar) };
      return ok(current);
    },
    [OLD_PATH]: () => ({ body: new Blob(['old-jpeg'], { type: 'image/jpeg' }) }),
  };
  http.defaults.adapter = adapter;
  localStorage.clear();
});
afterEach(() => {
  http.defaults.adapter = defaultAdapter;
});

const callsTo = (url: string) => calls.filter((call) => call.url === url);
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

function renderAt(url: string, user: IdentityUserInfo = USER) {
  current = { ...user };
  const store = createStore();
  store.set(tokenAtom, 'tok-1');
  store.set(userInfoAtom, user as unknown as UserInfo);
  return renderWithPlatform(<App />, { url, store, translations: { namespace: NS, texts: translations } });
}

const input = () => screen.getByTestId('avatar-input') as HTMLInputElement;
/** The avatar's <img> once its image is there (before that, the initial stands in under the same name). */
const avatarImage = (container: HTMLElement = document.body) =>
  waitFor(() => {
    const image = within(container).getByTestId('avatar').querySelector('img');
    expect(image).not.toBeNull();
    return image!;
  });

describe('avatar on the profile', () => {
  it('without an avatar shows the initial and offers to add a photo', async () => {
    renderAt('/pages/profile/index');
    await waitFor(() => expect(callsTo(identity.info.path)).toHaveLength(1));
    const avatar = screen.getByTestId('avatar');
    expect(within(avatar).getByRole('img', { name: en.avatarNone })).toHaveTextContent('A');
    expect(screen.getByText(en.avatarAdd)).toBeInTheDocument();
    expect(input()).toHaveAttribute('accept', 'image/jpeg,image/png,image/webp');
    expect(calls.some((call) => call.url.startsWith('/asset/admin/common/oss/file/'))).toBe(false);
  });

  it('shows the uploaded avatar, fetched as a blob through the platform client (where the shell adds the token) into an object URL', async () => {
    renderAt('/pages/profile/index', { ...USER, avatar: OLD_PATH });
    const image = await avatarImage();
    expect(image).toHaveAccessibleName(en.avatarAlt);
    expect(image).toHaveAttribute('src', 'blob:test/1-image/jpeg');
    const fetches = callsTo(OLD_PATH);
    expect(fetches).toHaveLength(1);
    expect(fetches[0]).toMatchObject({ method: 'GET', responseType: 'blob' });
    expect(screen.getByText(en.avatarChange)).toBeInTheDocument();
  });

  it('an avatar that cannot be fetched falls back to the initial', async () => {
    answers[OLD_PATH] = () => ({ status: 404, body: new Blob(['{"code":404}'], { type: 'application/json' }) });
    renderAt('/pages/profile/index', { ...USER, avatar: OLD_PATH });
    await waitFor(() => expect(callsTo(OLD_PATH)).toHaveLength(1));
    expect(within(screen.getByTestId('avatar')).getByRole('img', { name: en.avatarAlt })).toHaveTextContent('A');
    expect(screen.getByTestId('avatar').querySelector('img')).toBeNull();
  });

  it('a picked image is compressed, uploaded, then saved with user/update kind avatar, and the new image shows at once', async () => {
    const user = userEvent.setup();
    const { store } = renderAt('/pages/profile/index');
    await waitFor(() => expect(callsTo(identity.info.path)).toHaveLength(1));
    await user.upload(input(), png('me.png'));

    const image = await avatarImage();
    expect(image).toHaveAttribute('src', 'blob:test/1-image/jpeg');
    expect(compressMock.mock.calls.map(([file]) => file.name)).toEqual(['me.png']);
    const uploads = callsTo(identity.upload.path);
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.method).toBe('POST');
    await expect(readBlob(uploads[0]!.form?.get('file') as Blob)).resolves.toBe('jpeg:me.png');
    const updates = callsTo(identity.update.path);
    expect(updates).toEqual([expect.objectContaining({ method: 'POST', data: { kind: 'avatar', avatar: NEW_PATH } })]);
    expect(calls.indexOf(updates[0]!)).toBeGreaterThan(calls.indexOf(uploads[0]!));
    // shown from the local copy: nothing fetched back
    expect(callsTo(NEW_PATH)).toHaveLength(0);
    expect((store.get(userInfoAtom) as unknown as IdentityUserInfo).avatar).toBe(NEW_PATH);
    expect(store.get(toastsAtom).map((toast) => toast.text)).toContain(en.avatarSaved);
    expect(screen.getByText(en.avatarChange)).toBeInTheDocument();
  });

  it('a refused upload shows its message and saves nothing', async () => {
    const user = userEvent.setup();
    answers[identity.upload.path] = () => ({ body: { code: 1001, msg: 'Invalid image', data: null } });
    const { store } = renderAt('/pages/profile/index');
    await waitFor(() => expect(callsTo(identity.info.path)).toHaveLength(1));
    await user.upload(input(), png('me.png'));
    await waitFor(() => expect(callsTo(identity.upload.path)).toHaveLength(1));
    await waitFor(() => expect(store.get(toastsAtom).map((toast) => toast.text)).toContain('Invalid image'));
    expect(callsTo(identity.update.path)).toHaveLength(0);
    expect(screen.getByTestId('avatar').querySelector('img')).toBeNull();
    expect(input()).not.toBeDisabled();
  });

  it('refuses an image above 5 MB before compressing or uploading anything', async () => {
    const user = userEvent.setup();
    renderAt('/pages/profile/index');
    await waitFor(() => expect(callsTo(identity.info.path)).toHaveLength(1));
    await user.upload(input(), png('huge.png', 6 * 1024 * 1024));
    expect(await screen.findByRole('alert')).toHaveTextContent(kitTexts.en.imageTooBig);
    expect(input()).toHaveAttribute('aria-invalid', 'true');
    expect(compressMock).not.toHaveBeenCalled();
    expect(callsTo(identity.upload.path)).toHaveLength(0);
  });
});

describe('avatar in account settings', () => {
  it.each(['/pages/profile/account-setting/index', '/pages/desktop/settings/account'])('%s shows the profile photo section and changes it', async (url) => {
    const user = userEvent.setup();
    renderAt(url, { ...USER, avatar: OLD_PATH });
    const section = await screen.findByRole('region', { name: en.avatarTitle });
    expect(await avatarImage(section)).toHaveAttribute('src', 'blob:test/1-image/jpeg');
    expect(within(section).getByText(en.avatarHint)).toBeInTheDocument();
    await user.upload(within(section).getByTestId('avatar-input'), png('new.png'));
    await waitFor(() => expect(within(section).getByTestId('avatar').querySelector('img')).toHaveAttribute('src', 'blob:test/2-image/jpeg'));
    expect(callsTo(identity.update.path).map((call) => call.data)).toEqual([{ kind: 'avatar', avatar: NEW_PATH }]);
  });
});
