import React from 'react';
import ReactDOMClient from 'react-dom/client';
import { getDefaultStore, atom, useAtomValue } from 'jotai';
import i18next from 'i18next';
import { act, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { createMicroApp } from './create-micro-app';
import { runLifecycle } from './contract';
import { platformStore } from '../store';
import { common } from '../i18n/common';

const greetingAtom = atom('hello from the store');
const texts = Object.fromEntries(Object.keys(common).map((lng) => [lng, { title: `title-${lng}` }])) as never;

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

/** single-spa-react resolves mount after React commits, so the render must be flushed before awaiting it. */
async function mountInAct(app: ReturnType<typeof createMicroApp>, props: { name: string; domElement: HTMLElement }) {
  let mounted!: Promise<void>;
  act(() => {
    mounted = runLifecycle(app.mount, props);
  });
  await mounted;
}

describe('createMicroApp', () => {
  const runtime = { React, ReactDOMClient, store: getDefaultStore(), i18n: i18next };

  it('mounts the root with its namespace as default and the platform store, then unmounts', async () => {
    const app = createMicroApp({ name: 'mf_test', Root, translations: texts, runtime });
    const domElement = document.body.appendChild(document.createElement('div'));
    const props = { name: 'mf_test', domElement };
    await runLifecycle(app.bootstrap, props);
    await mountInAct(app, props);
    expect(await screen.findByRole('heading')).toHaveTextContent('title-en');
    expect(screen.getByText('hello from the store')).toBeInTheDocument();
    expect(window.__MERIDIAN_INSTANCES__?.mf_test).toEqual(runtime);
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
    const app = createMicroApp({ name: 'mf_broken', Root: Thrower, translations: texts, runtime });
    const domElement = document.body.appendChild(document.createElement('div'));
    const props = { name: 'mf_broken', domElement };
    await runLifecycle(app.bootstrap, props);
    await mountInAct(app, props);
    const fallback = await screen.findByTestId('remote-fallback-mf_broken');
    expect(domElement.contains(fallback)).toBe(true);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
