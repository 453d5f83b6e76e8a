import { act, fireEvent, screen } from '@testing-library/react';
import { http, toastsAtom } from '@meridian/shared';
import { installServer, ok, refused, renderWithPlatform, type Answer } from '@meridian/shared/testing';
import { site } from '@meridian/contracts';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { shellTranslations } from '../all-texts';
import { UpdateCheck } from './UpdateCheck';
import { APP_VERSION, isMeteredConnection, type VersionAnswer } from './version';

const texts = { namespace: 'shell', texts: shellTranslations };
const version = { versionNo: '1.2.0', description: 'Faster charts and a new wallet screen', linkUpdateHot: '', linkUpdateFull: '' };
const answer = (newUpdate: VersionAnswer['newUpdate']): VersionAnswer => ({ version, newUpdate });

/** Lets the check's answer arrive without moving the clock (the query's notifications run on zero-delay timers). */
const settle = () =>
  act(async () => {
    for (let turn = 0; turn < 5; turn++) await jest.advanceTimersByTimeAsync(0);
  });
const advance = (ms: number) => act(() => jest.advanceTimersByTime(ms));

let server: ReturnType<typeof installServer> | undefined;
afterEach(() => server?.restore());

/** The server answers get-version with `check`. */
function renderCheck({ check, ...props }: Parameters<typeof UpdateCheck>[0] & { check: Answer }, language = 'en') {
  server = installServer({ [site.version.path]: check });
  const applyUpdate = jest.fn(props.applyUpdate ?? (() => Promise.resolve()));
  const utils = renderWithPlatform(<UpdateCheck connection={() => undefined} {...props} applyUpdate={applyUpdate} />, { translations: texts, language });
  return { ...utils, applyUpdate };
}

describe('UpdateCheck', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('choose_update: shows the dialog after 500 ms with version, description, "Update now" and "Later"', async () => {
    renderCheck({ check: ok(answer('choose_update')) });
    await settle();
    advance(499);
    expect(screen.queryByRole('dialog')).toBeNull();
    advance(1);
    const dialog = screen.getByRole('dialog', { name: 'New version available' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveTextContent('Version 1.2.0');
    expect(dialog).toHaveTextContent('Faster charts and a new wallet screen');
    expect(dialog).not.toHaveTextContent('This update is required');
    expect(screen.getByRole('button', { name: 'Update now' })).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Later' })).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('mobile data');
  });

  it('choose_update: "Later" closes it, and so does Escape', async () => {
    renderCheck({ check: ok(answer('choose_update')) });
    await settle();
    advance(500);
    fireEvent.click(screen.getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    renderCheck({ check: ok(answer('choose_update')) });
    await settle();
    advance(500);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('must_update: only "Update now", and Escape does not close it', async () => {
    renderCheck({ check: ok(answer('must_update')) });
    await settle();
    advance(500);
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('This update is required to keep using the app.');
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Update now']);
    expect(screen.getByRole('button', { name: 'Update now' })).toHaveFocus();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('"Update now" runs the update; a failure shows the failure message and keeps the dialog', async () => {
    const { applyUpdate } = renderCheck({
      check: ok(answer('must_update')),
      applyUpdate: () => Promise.reject(new Error('offline')),
    });
    await settle();
    advance(500);
    expect(screen.queryByRole('alert')).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Update now' }));
    });
    expect(applyUpdate).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('alert')).toHaveTextContent('Update failed, please try again');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update now' })).toBeEnabled();
  });

  it('shows the data-traffic notice on a cellular connection', async () => {
    renderCheck({ check: ok(answer('choose_update')), connection: () => ({ type: 'cellular', effectiveType: '4g' }) });
    await settle();
    advance(500);
    expect(screen.getByRole('dialog')).toHaveTextContent('You are not on Wi-Fi: downloading the update uses mobile data.');
  });

  it('no update (newUpdate null): no dialog, ever', async () => {
    renderCheck({ check: ok(answer(null)) });
    await settle();
    advance(5000);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a failing check shows nothing', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => {});
    const { store } = renderCheck({ check: refused('HTTP 500', 500) });
    await settle();
    advance(5000);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(store.get(toastsAtom)).toEqual([]);
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('shows the dialog in the current language', async () => {
    renderCheck({ check: ok(answer('choose_update')) }, 'ru');
    await settle();
    advance(500);
    expect(screen.getByRole('dialog', { name: 'Đã có phiên bản mới' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Để sau' })).toBeInTheDocument();
  });
});

describe('the version check', () => {
  it('asks get-version once, for the web platform with this build\'s version, quietly', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    const original = http.defaults.adapter;
    const adapter: AxiosAdapter = async (config) => {
      seen.push(config);
      return { data: { code: 0, msg: 'ok', data: answer(null) }, status: 200, statusText: 'OK', headers: {}, config };
    };
    http.defaults.adapter = adapter;
    try {
      renderWithPlatform(<UpdateCheck connection={() => undefined} />, { translations: texts });
      await act(async () => {});
      expect(APP_VERSION).toBe('1.0.0');
      expect(seen).toHaveLength(1);
      expect(seen[0]!.url).toBe('/asset/api/app-version/get-version');
      expect(seen[0]!.params).toEqual({ platform: 'web', versionNo: '1.0.0' });
      expect(seen[0]!.silent).toBe(true);
    } finally {
      http.defaults.adapter = original;
    }
  });
});

describe('isMeteredConnection', () => {
  it.each([
    [undefined, false],
    [{}, false],
    [{ type: 'wifi' }, false],
    [{ type: 'ethernet' }, false],
    [{ type: 'unknown', effectiveType: '4g' }, false],
    [{ type: 'cellular' }, true],
    [{ type: 'wimax' }, true],
    [{ effectiveType: '3g' }, true],
    [{ effectiveType: '4g' }, false],
    [{ type: 'wifi', effectiveType: '2g' }, false],
  ])('%j → %s', (connection, metered) => {
    expect(isMeteredConnection(connection)).toBe(metered);
  });
});
