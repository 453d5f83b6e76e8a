import i18next, { type i18n as I18n } from 'i18next';
import { act, render, screen } from '@testing-library/react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { configureI18n } from './instance';
import { LANGUAGE_CODES, type LanguageCode } from './languages';
import { createTextRegistry, loadTexts, type TextRegistry } from './text-registry';

/** A loader whose fetches the test answers by hand, recording which languages were asked for. */
function manualLoader(namespace: string) {
  const calls: LanguageCode[] = [];
  const pending: Array<() => void> = [];
  const loader = jest.fn((lng: LanguageCode) => {
    calls.push(lng);
    return new Promise<{ default: Record<string, string> }>((resolve) => {
      pending.push(() => resolve({ default: { hello: `${namespace}-hello-${lng}` } }));
    });
  });
  const answerAll = async () => {
    while (pending.length) pending.shift()!();
    await new Promise((resolve) => setTimeout(resolve, 0));
  };
  return { loader, calls, answerAll };
}

async function freshInstance(): Promise<{ instance: I18n; registry: TextRegistry }> {
  const instance = i18next.createInstance();
  const registry = createTextRegistry();
  await configureI18n(instance, registry);
  return { instance, registry };
}

describe('texts on demand', () => {
  it('fetches nothing at start, then only the current language of a namespace that is asked for', async () => {
    const { instance, registry } = await freshInstance();
    const a = manualLoader('a');
    registry.register('a', a.loader);
    expect(a.calls).toEqual([]);
    const loading = loadTexts(instance, ['a']);
    await a.answerAll();
    await loading;
    expect(a.calls).toEqual(['en']);
    expect(instance.t('hello', { ns: 'a' })).toBe('a-hello-en');
    expect(LANGUAGE_CODES.filter((lng) => instance.hasResourceBundle(lng, 'a'))).toEqual(['en']);
  });

  it('switching language fetches exactly the new language of every namespace in use, and only then switches', async () => {
    const { instance, registry } = await freshInstance();
    const a = manualLoader('a');
    const b = manualLoader('b');
    const unused = manualLoader('unused');
    registry.register('a', a.loader);
    registry.register('b', b.loader);
    registry.register('unused', unused.loader);
    const first = loadTexts(instance, ['a', 'b']);
    await a.answerAll();
    await b.answerAll();
    await first;

    const switching = instance.changeLanguage('jp');
    // still English while the Japanese files are on their way: the old texts stay, no key shows
    expect(instance.language).toBe('en');
    expect(instance.t('hello', { ns: 'a' })).toBe('a-hello-en');
    await a.answerAll();
    await b.answerAll();
    await switching;
    expect(instance.language).toBe('jp');
    expect(instance.t('hello', { ns: 'b' })).toBe('b-hello-jp');
    expect(a.calls).toEqual(['en', 'jp']);
    expect(b.calls).toEqual(['en', 'jp']);
    expect(unused.calls).toEqual([]);

    // back to a language already fetched: nothing is fetched again
    await instance.changeLanguage('en');
    expect(a.calls).toEqual(['en', 'jp']);
  });

  it('a namespace asked for during a switch is fetched for the coming language too', async () => {
    const { instance, registry } = await freshInstance();
    const a = manualLoader('a');
    const late = manualLoader('late');
    registry.register('a', a.loader);
    registry.register('late', late.loader);
    const first = loadTexts(instance, ['a']);
    await a.answerAll();
    await first;

    const switching = instance.changeLanguage('ge');
    registry.register('late', late.loader);
    const lateLoading = loadTexts(instance, ['late']);
    await a.answerAll();
    await late.answerAll();
    await Promise.all([switching, lateLoading]);
    expect(instance.language).toBe('ge');
    expect(late.calls.sort()).toEqual(['en', 'ge']);
    expect(instance.t('hello', { ns: 'late' })).toBe('late-hello-ge');
  });

  it('never renders a raw key while a language loads', async () => {
    const { instance, registry } = await freshInstance();
    const a = manualLoader('a');
    registry.register('a', a.loader);
    const first = loadTexts(instance, ['a']);
    await a.answerAll();
    await first;

    const seen: string[] = [];
    function Greeting() {
      const { t } = useTranslation('a');
      const text = t('hello');
      seen.push(text);
      return <p>{text}</p>;
    }
    render(
      <I18nextProvider i18n={instance}>
        <Greeting />
      </I18nextProvider>,
    );
    expect(screen.getByText('a-hello-en')).toBeInTheDocument();
    let switching!: Promise<unknown>;
    act(() => {
      switching = instance.changeLanguage('kr');
    });
    await act(async () => {
      await a.answerAll();
      await switching;
    });
    expect(screen.getByText('a-hello-kr')).toBeInTheDocument();
    expect(seen.filter((text) => text === 'hello')).toEqual([]);
    expect(a.calls).toEqual(['en', 'kr']);
  });

  it('a failed fetch rejects, and asking again fetches again', async () => {
    const { instance, registry } = await freshInstance();
    const failing = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: { hello: 'back' } });
    registry.register('flaky', failing);
    await expect(loadTexts(instance, ['flaky'])).rejects.toThrow();
    await loadTexts(instance, ['flaky']);
    expect(failing).toHaveBeenCalledTimes(2);
    expect(instance.t('hello', { ns: 'flaky' })).toBe('back');
  });

  it('a namespace nobody registered is an error, not an empty set of texts', async () => {
    const { instance } = await freshInstance();
    await expect(loadTexts(instance, ['nobody'])).rejects.toThrow();
  });
});
