import type { ReactElement } from 'react';
import { act, screen } from '@testing-library/react';
import { renderWithPlatform } from '@meridian/shared/testing';
import { shellTranslations } from '../all-texts';
import { HomePage } from './home/HomePage';
import { NotFoundPage } from './not-found/NotFoundPage';
import { ShellPages, shellPageFor } from './ShellPages';

jest.mock('@module-federation/enhanced/runtime', () => ({ loadRemote: jest.fn(() => new Promise(() => undefined)), getInstance: jest.fn(), registerRemotes: jest.fn() }));

const en = shellTranslations.en;

describe('the shell\'s own pages, found by path without a router', () => {
  it('home on its three addresses (a trailing slash included), "not found" anywhere else', () => {
    const pageType = (path: string) => (shellPageFor(path)() as ReactElement).type;
    for (const path of ['/', '/pages/home', '/pages/home/index', '/pages/home/index/']) expect(pageType(path)).toBe(HomePage);
    for (const path of ['/pages/nowhere', '/pages/home/elsewhere', '/pages']) expect(pageType(path)).toBe(NotFoundPage);
  });

  it('follows a navigation (single-spa announces each one) from "not found" to home', () => {
    renderWithPlatform(<ShellPages />, { url: '/pages/nowhere', translations: { namespace: 'shell', texts: shellTranslations } });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.notFoundTitle);
    act(() => {
      window.history.pushState({}, '', '/pages/home/index');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(en.homeTitle);
  });
});
