import axios, { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { createStore } from 'jotai';
import { uploadImage } from './upload';
import { installRequestConventions } from './conventions';
import { setSession } from '../session/actions';
import { langAtom } from '../session/atoms';
import { toastsAtom } from '../ui/toast/toast';

function client(adapter: AxiosAdapter) {
  const sent: InternalAxiosRequestConfig[] = [];
  const instance = axios.create({
    adapter: (config) => {
      sent.push(config);
      return adapter(config);
    },
  });
  return { instance, sent };
}
const text =
  (body: string, status = 200): AxiosAdapter =>
  async (config) => {
    const response = { data: body, status, statusText: String(status), headers: {}, config };
    if (status >= 400) throw new AxiosError(`status ${status}`, 'ERR_BAD_RESPONSE', config, {}, response);
    return response;
  };
const image = () => new Blob(['\x89PNG'], { type: 'image/png' });

afterEach(() => localStorage.clear());

describe('uploadImage', () => {
  it('posts the file as multipart to the upload path with token and lang headers, and returns the path', async () => {
    const store = createStore();
    setSession(store, { token: 'tok-1' });
    store.set(langAtom, 'kr');
    const { instance, sent } = client(text('{"code":0,"msg":"success","data":"/upload/2024/a.png"}'));

    await expect(uploadImage(image(), { store, client: instance })).resolves.toEqual({ path: '/upload/2024/a.png' });

    const config = sent[0]!;
    expect(config.method).toBe('post');
    expect(config.url).toBe('/asset/admin/common/oss/upload');
    expect(config.data).toBeInstanceOf(FormData);
    expect((config.data as FormData).get('file')).toBeInstanceOf(Blob);
    const headers = AxiosHeaders.from(config.headers);
    expect(headers.get('token')).toBe('tok-1');
    expect(headers.get('lang')).toBe('ko');
    expect(config.timeout).toBe(60_000);
  });

  it('sends no token for a visitor and lang fr when there is no language', async () => {
    const store = createStore();
    store.set(langAtom, '' as never);
    const { instance, sent } = client(text('{"code":0,"data":"/p.png"}'));
    await uploadImage(image(), { store, client: instance });
    const headers = AxiosHeaders.from(sent[0]!.headers);
    expect(headers.has('token')).toBe(false);
    expect(headers.get('lang')).toBe('fr');
  });

  it.each([
    ['another code', '{"code":500,"msg":"Image bigger than 5M","data":null}', 'Image bigger than 5M'],
    ['code 200 (upload succeeds on 0 only)', '{"code":200,"msg":"Invalid image","data":"/p.png"}', 'Invalid image'],
    ['code 0 without a path', '{"code":0,"msg":"","data":null}', 'Upload failed, please try again'],
    ['a reply that is not JSON', '<html>413 Request Entity Too Large</html>', 'Upload failed, please try again'],
    ['an empty reply', '', 'Upload failed, please try again'],
  ])('gives a null path with a message for %s', async (_case, body, message) => {
    const { instance } = client(text(body));
    await expect(uploadImage(image(), { store: createStore(), client: instance })).resolves.toEqual({ path: null, message });
  });

  it('reads the envelope of an HTTP error reply', async () => {
    const { instance } = client(text('{"code":413,"msg":"Image bigger than 5M"}', 413));
    await expect(uploadImage(image(), { store: createStore(), client: instance })).resolves.toEqual({ path: null, message: 'Image bigger than 5M' });
  });

  it('gives a null path with the no-network message on a network failure, and never throws', async () => {
    const { instance } = client(async (config) => {
      throw new AxiosError('Network Error', 'ERR_NETWORK', config, {});
    });
    await expect(uploadImage(image(), { store: createStore(), client: instance })).resolves.toEqual({
      path: null,
      message: 'No network, please connect and retry',
    });
  });

  it('gives a null path on a time-out', async () => {
    const { instance } = client(async (config) => {
      throw new AxiosError('timeout of 60000ms exceeded', 'ECONNABORTED', config, {});
    });
    await expect(uploadImage(image(), { store: createStore(), client: instance })).resolves.toEqual({ path: null, message: 'Upload failed, please try again' });
  });

  it('through the conventions: keeps its headers and result, shows no toast', async () => {
    const store = createStore();
    setSession(store, { token: 'tok-2' });
    const { instance, sent } = client(text('{"code":500,"msg":"Invalid image"}'));
    const uninstall = installRequestConventions(instance, { store, navigate: jest.fn(), readWidth: () => 375, readHref: () => 'http://localhost/pages/profile/kyc-verification/index' });
    try {
      await expect(uploadImage(image(), { store, client: instance })).resolves.toEqual({ path: null, message: 'Invalid image' });
      expect(AxiosHeaders.from(sent[0]!.headers).get('token')).toBe('tok-2');
      expect(store.get(toastsAtom)).toEqual([]);
    } finally {
      uninstall();
    }
  });
});
