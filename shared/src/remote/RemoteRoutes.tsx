import { useCallback, type ComponentType, type ReactElement } from 'react';
import { BrowserRouter, Link, matchPath, Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
// Through the package's own name: this entry is bundled into each remote, the library itself is the singleton.
import { NotFoundScreen, Protected } from '@meridian/shared';
import { lazyPage, type LazyPage } from './lazy-page';
import { pageModule, type RemoteArea, type RemotePage, type RemoteRouteManifest } from './route-manifest';

/** Loads a file under the remote's src/pages (its own `import()`, so webpack gives each page a chunk). */
export type PageLoader = (file: string) => Promise<Record<string, unknown>>;

export interface RemoteRoutes {
  /** The remote's router: only its prefixes; the shell owns the rest. */
  App: () => ReactElement;
  /** Loads the chunk of the screen at `pathname` (if any), so mounting renders it at once. */
  preloadScreen(pathname: string): Promise<void>;
  /** Whether the chunk of the screen at `pathname` is in (a path with no page counts as loaded). */
  screenLoaded(pathname: string): boolean;
}

/** A route that needs a session: the visitor is sent to login (router navigation), which brings them back. */
function RequireLogin({ children }: { children: ReactElement }) {
  const routerNavigate = useNavigate();
  const navigate = useCallback((url: string) => routerNavigate(url, { replace: true }), [routerNavigate]);
  return <Protected navigate={navigate}>{children}</Protected>;
}

/** Opens `to`, keeping the query (an invitation code, a redirect). */
function Redirect({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

function NotFound({ namespace, area }: { namespace: string; area: RemoteArea }) {
  const { t } = useTranslation(namespace);
  return (
    <NotFoundScreen
      title={t('common:notFoundTitle')}
      hint={t('common:notFoundHint')}
      back={(className) => (
        <Link className={className} to={area.index}>
          {t('common:backTo', { area: t(area.title) })}
        </Link>
      )}
    />
  );
}

function lazyScreen(page: RemotePage, loadPage: PageLoader): LazyPage<object> {
  const { file, name } = pageModule(page);
  return lazyPage(() =>
    loadPage(file).then((module) => {
      const component = module[name];
      if (typeof component !== 'function' && typeof component !== 'object') throw new Error(`src/pages/${file} exports no ${name}`);
      return component as ComponentType<object>;
    }),
  );
}

/**
 * The one remote template: a remote's router from its manifest. Each page is its own chunk (loaded before mount
 * for the current route, see createRemoteApp); an unknown path under an owned prefix is the translated not-found
 * page; a bare prefix opens its area index; outside its prefixes (only during a route change) it renders nothing.
 */
export function createRemoteRoutes({
  namespace,
  manifest,
  loadPage,
}: {
  /** The remote's federation name, also its i18n namespace. */
  namespace: string;
  manifest: RemoteRouteManifest;
  loadPage: PageLoader;
}): RemoteRoutes {
  // one component per module: two URLs of the same page (its tabs) switch without remounting it (focus stays)
  const byModule = new Map<string, LazyPage<object>>();
  const screenOf = (page: RemotePage) => byModule.get(page.module) ?? byModule.set(page.module, lazyScreen(page, loadPage)).get(page.module)!;
  const screens = Object.entries(manifest.pages).map(([path, page]) => ({ path, page, Screen: screenOf(page) }));
  const redirects = [
    ...manifest.areas.filter((area) => area.prefix !== area.index).map((area) => [area.prefix, area.index]),
    ...(manifest.redirects ?? []),
  ];
  const screenAt = (pathname: string) => screens.find(({ path }) => matchPath(path, pathname))?.Screen;

  function App() {
    return (
      <BrowserRouter>
        <Routes>
          {screens.map(({ path, page, Screen }) => {
            const element = <Screen {...page.props} />;
            return <Route key={path} path={path} element={page.login ? <RequireLogin>{element}</RequireLogin> : element} />;
          })}
          {redirects.map(([from, to]) => (
            <Route key={`${from}:redirect`} path={from} element={<Redirect to={to ?? '/'} />} />
          ))}
          {manifest.areas.map((area) => (
            <Route key={`${area.prefix}:unknown`} path={`${area.prefix}/*`} element={<NotFound namespace={namespace} area={area} />} />
          ))}
          {/* outside this remote's prefixes (only during a route change): render nothing */}
          <Route path="*" element={null} />
        </Routes>
      </BrowserRouter>
    );
  }

  return {
    App,
    preloadScreen: (pathname) => screenAt(pathname)?.preload() ?? Promise.resolve(),
    screenLoaded: (pathname) => screenAt(pathname)?.loaded ?? true,
  };
}
