import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { getDefaultStore, atom, useAtomValue } from 'jotai';
import i18next from 'i18next';
import { act, screen, within } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { createMicroApp } from './create-micro-app';
import { runLifecycle } from './contract';
import { platformStore } from '../store';
import { LANGUAGE_CODES, type LanguageCode } from '../i18n/languages';
import { platformQueryClient } from '../query/client';

const greetingAtom = atom('hello from the store');
const loadTexts = jest.fn(async (lng: LanguageCode) => ({ default: { title: `title-${lng}` } }));

function Root() {
  const { t } = useTranslation();
  return (
    <div>
      <h1>{t('title')}</h1>
      <p>{useAtomValue(greetingAtom)}</p>
    </div>
  );
}

function Thrower(): never {
  throw new Error('render failed');
}

/**
 * single-spa-react resolves mount after React commits, so the render must be flushed before awaiting it; mount
 * first waits for the app's texts, so the act scope lasts until that render has been asked for.
 */
async function mountInAct(app: ReturnType<typeof createMicroApp>, props: { name: string; domElement: HTMLElement }) {
  let mounted!: Promise<void>;
  await act(async () => {
    mounted = runLifecycle(app.mount, props);
    await new Promise((resolve) => setTimeout(resolve, 10));
  });
  await mounted;
}

describe('createMicroApp', () => {
  const runtime = { React, ReactDOMClient, store: getDefaultStore(), i18n: i18next };

  it('mounts the root with its namespace as default and the platform store, then unmounts', async () => {
    const app = createMicroApp({ name: 'mf_test', Root, loadTexts, runtime });
    const domElement = document.body.appendChild(document.createElement('div'));
    const props = { name: 'mf_test', domElement };
    await runLifecycle(app.bootstrap, props);
    await mountInAct(app, props);
    expect(await screen.findByRole('heading')).toHaveTextContent('title-en');
    expect(loadTexts.mock.calls).toEqual([['en']]);
    expect(screen.getByText('hello from the store')).toBeInTheDocument();
    expect(window.__MERIDIAN_INSTANCES__?.mf_test).toEqual({ ...runtime, queryClient: platformQueryClient });
    expect(runtime.store).toBe(platformStore);

    let unmounted!: Promise<void>;
    act(() => {
      unmounted = runLifecycle(app.unmount, props);
    });
    await unmounted;
    expect(domElement).toBeEmptyDOMElement();
  });

  it('contains a render error to its own element with a retry', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const app = createMicroApp({ name: 'mf_broken', Root: Thrower, loadTexts, runtime });
    const domElement = document.body.appendChild(document.createElement('div'));
    const props = { name: 'mf_broken', domElement };
    await runLifecycle(app.bootstrap, props);
    await mountInAct(app, props);
    const fallback = await screen.findByTestId('remote-fallback-mf_broken');
    expect(domElement.contains(fallback)).toBe(true);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('mounts only once its texts are in, in the current language only: never a raw key', async () => {
    await i18next.changeLanguage('fr');
    try {
      let arrive!: () => void;
      const gate = new Promise<void>((resolve) => (arrive = resolve));
      const slowTexts = jest.fn(async (lng: LanguageCode) => {
        await gate;
        return { default: { title: `titre-${lng}` } };
      });
      const app = createMicroApp({ name: 'mf_slow', Root, loadTexts: slowTexts, runtime });
      const domElement = document.body.appendChild(document.createElement('div'));
      const props = { name: 'mf_slow', domElement };
      await runLifecycle(app.bootstrap, props);
      let mounted = false;
      const mounting = runLifecycle(app.mount, props).then(() => (mounted = true));
      await act(async () => {
        await new Promise((resolve) => setTimeout(resolve, 20));
      });
      expect(mounted).toBe(false);
      expect(domElement).toBeEmptyDOMElement(); // nothing rendered yet, so no "title" key on screen
      await act(async () => {
        arrive();
        await new Promise((resolve) => setTimeout(resolve, 10));
      });
      await mounting;
      expect(within(domElement).getByRole('heading')).toHaveTextContent('titre-fr');
      expect(slowTexts.mock.calls).toEqual([['fr']]);
      expect(LANGUAGE_CODES.filter((lng) => i18next.hasResourceBundle(lng, 'mf_slow'))).toEqual(['fr']);
    } finally {
      await i18next.changeLanguage('en');
    }
  });
});
