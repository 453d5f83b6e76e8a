import type { ReactElement } from 'react';
import { screen, type RenderResult } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { http } from '../http/client';
import type { Translations } from '../i18n/languages';
import type { RemoteRouteManifest } from '../remote/route-manifest';
import { renderWithPlatform } from './index';
import { commonTexts } from './shared-texts';

/**
 * The routing test every remote built on the template runs (its own AppRoot.test adds what is particular to
 * it): what its manifest declares is what its router serves, in every language.
 */
export function describeRemoteRoutes({
  namespace,
  App,
  manifest,
  translations,
  linkSources = [],
  render,
}: {
  namespace: string;
  App: () => ReactElement;
  manifest: RemoteRouteManifest;
  translations: Translations;
  /** Screens whose links into this remote must each open a real screen (never the not-found page). */
  linkSources?: string[];
  /** How the remote's own tests render a URL (a session for its protected screens); a visitor by default. */
  render?: (url: string, language?: string) => RenderResult;
}) {
  const en = translations.en as Record<string, string>;
  const common = commonTexts.en;
  const renderAt = render ?? ((url: string, language = 'en') => renderWithPlatform(<App />, { url, language, translations: { namespace, texts: translations } }));
  const heading = () => screen.getByRole('heading', { level: 1 });
  const owned = (path: string) => manifest.routes.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  const pages = Object.keys(manifest.pages);

  describe(`${namespace} routes (meridian.routes.json)`, () => {
    // screens load their data: every call stays pending (no network, no late updates; the screens' tests cover it)
    let adapter: typeof http.defaults.adapter;
    const never: AxiosAdapter = () => new Promise(() => {});
    beforeEach(() => {
      adapter = http.defaults.adapter;
      http.defaults.adapter = never;
    });
    afterEach(() => {
      http.defaults.adapter = adapter;
    });

    it('has one area per owned prefix, and every page and redirect lies under one', () => {
      expect(manifest.areas.map((area) => area.prefix).sort()).toEqual([...manifest.routes].sort());
      for (const area of manifest.areas) expect(owned(area.index)).toBe(true);
      for (const path of [...pages, ...(manifest.redirects ?? []).flat()]) expect([path, owned(path)]).toEqual([path, true]);
    });

    it('names texts that exist (area titles)', () => {
      const keys = manifest.areas.map((area) => area.title);
      for (const key of keys) expect([key, typeof en[key]]).toEqual([key, 'string']);
    });

    it.each(pages)('%s is a real screen (no not-found)', (url) => {
      renderAt(url);
      expect(screen.queryByText(common.notFoundTitle)).not.toBeInTheDocument();
    });

    if (linkSources.length > 0) {
      it.each(linkSources)('every link of %s inside this remote opens a real screen', (url) => {
        const { unmount } = renderAt(url);
        const own = screen
          .getAllByRole('link')
          .map((link) => link.getAttribute('href') ?? '')
          .filter(owned);
        unmount();
        expect(own.length).toBeGreaterThan(0);
        for (const href of own) {
          const view = renderAt(href);
          expect([href, screen.queryByText(common.notFoundTitle)]).toEqual([href, null]);
          view.unmount();
        }
      });
    }

    const bare = manifest.areas.filter((area) => area.prefix !== area.index).map((area) => [area.prefix, area.index]);
    if (bare.length > 0) {
      it.each(bare)('the bare prefix %s opens %s', (from, to) => {
        renderAt(from);
        expect(window.location.pathname).toBe(to);
      });
    }

    if (manifest.redirects?.length) {
      it.each(manifest.redirects.map(([from, to]) => [from, to]))('%s opens %s, keeping the query', (from, to) => {
        renderAt(`${from}?ref=x`);
        expect(window.location.pathname).toBe(to);
        expect(window.location.search).toBe('?ref=x');
      });
    }

    it.each(manifest.areas.map((area) => [area.prefix, area] as const))('an unknown path under %s shows the translated not-found page', (prefix, area) => {
      renderAt(`${prefix}/no-such-screen`);
      expect(heading()).toHaveTextContent(common.notFoundTitle);
      expect(screen.getByRole('link', { name: `Back to ${en[area.title]}` })).toHaveAttribute('href', area.index);
    });

    it('the not-found page is translated', () => {
      renderAt(`${manifest.routes[0]}/no-such-screen`, 'ge');
      expect(heading()).toHaveTextContent(commonTexts.ge.notFoundTitle);
    });

    it('renders nothing outside its prefixes', () => {
      const { container } = renderAt('/pages/no-remote-owns-this/index');
      expect(container).toBeEmptyDOMElement();
    });
  });
}
